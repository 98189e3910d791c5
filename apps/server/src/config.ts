import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SANDBOX_DEV_CREDENTIALS, STRIPE_DEV_KEYS } from '@murmur/core/dev-credentials';
import { DEFAULT_JOB_LIMITS, type JobLimits } from './jobs/job-tracker';
import { randomKey } from './lib/crypto';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Settings a production server cannot run without (SPEC §8 'Missing env variables: …'). */
const REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'SMTP_URL', 'PRO_TARGETING_TOKEN'] as const;

// Empty variables count as unset: `FOO= node …` must not pass for a configured secret.
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const url = (name: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), { error: `${name} must be a URL` });

/** Variables of `Limits` (below): whole numbers from 1, defaults in DEFAULT_LIMITS. */
const LIMIT_VARS = [
  'JOBS_PER_IP',
  'JOBS_PER_USER',
  'JOBS_PER_TEAM',
  'JOBS_TOTAL',
  'JOBS_ABANDON_SECONDS',
  'SIGN_IN_CODES_PER_IP',
  'SOCIAL_STARTS_PER_IP',
  'INVITE_MAILS_PER_TEAM',
  'INVITE_TTL_DAYS',
] as const;

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    (v) => v || undefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess((v) => v || undefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optional,
  DATA_DIR: optional,
  DATABASE_URL: url('DATABASE_URL'),
  SESSION_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    error: 'SESSION_SECRET must be at least 32 characters',
  }),
  SMTP_URL: url('SMTP_URL'),
  MAIL_FROM: optional,
  PUBLIC_URL: url('PUBLIC_URL'),
  EXTENSION_TOKEN: optional,
  PRO_TARGETING_TOKEN: optional,
  TARGETING_TOKEN: optional,
  STAFF_EMAIL_DOMAINS: optional,
  CREATOR_ACCESS_FOR_NEW_USERS: optional,
  SENTRY_DSN: optional,
  METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 16, {
    error: 'METRICS_TOKEN must be at least 16 characters',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: url('OTEL_EXPORTER_OTLP_ENDPOINT'),
  WEB_DIST: optional,
  LOG_LEVEL: z.preprocess(
    (v) => v || undefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
  SANDBOX_ENABLED: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(['true', 'false', '1', '0']).optional(),
  ),
  SANDBOX_ACCOUNTS: z.preprocess(
    (v) => v || undefined,
    z.coerce.number().int().min(100).max(20_000_000).default(100_000),
  ),
  SANDBOX_SEED: optional,
  ENGINE_SNAPSHOT: optional,
  ENGINE_WORKERS: z.preprocess((v) => v || undefined, z.coerce.number().int().min(0).max(256).optional()),
  ENGINE_NATS_URL: optional.refine((v) => v === undefined || /^(nats|tls|wss?):\/\/[^\s/]+/.test(v), {
    error: 'ENGINE_NATS_URL must be a nats://, tls:// or ws(s):// URL',
  }),
  ENGINE_SHARDS: z.preprocess(
    (v) => v || undefined,
    z.coerce
      .number({ error: 'ENGINE_SHARDS must be a whole number from 1' })
      .int()
      .min(1)
      .max(4096)
      .optional(),
  ),
  REDIS_URL: optional,
  X_STREAM_URL: url('X_STREAM_URL'),
  X_STREAM_BEARER_TOKEN: optional,
  X_STREAM_PARTITIONS: z.preprocess(
    (v) => v || undefined,
    z.coerce
      .number({ error: 'X_STREAM_PARTITIONS must be a whole number from 1 to 20' })
      .int()
      .min(1)
      .max(20)
      .optional(),
  ),
  LIVE_PARTITIONS: z.preprocess(
    (v) => v || undefined,
    z.coerce
      .number({ error: 'LIVE_PARTITIONS must be a whole number from 1' })
      .int()
      .min(1)
      .max(4096)
      .optional(),
  ),
  LIVE_SNAPSHOT_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'LIVE_SNAPSHOT_SECONDS must be a whole number of seconds (0: only on shutdown)' })
      .int()
      .min(0)
      .optional(),
  ),
  LIVE_ENABLED: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(['true', 'false', '1', '0'], { error: 'LIVE_ENABLED must be true or false' }).optional(),
  ),
  LIVE_NATS_URL: optional.refine((v) => v === undefined || /^(nats|tls|wss?):\/\/[^\s/]+/.test(v), {
    error: 'LIVE_NATS_URL must be a nats://, tls:// or ws(s):// URL',
  }),
  COLLECTOR_ENABLED: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
    z.enum(['true', 'false', '1', '0']).optional(),
  ),
  TRUST_PROXY: optional.refine((v) => v === undefined || parseTrustProxy(v) !== undefined, {
    error:
      'TRUST_PROXY must be a number of proxy hops (0 for none) or a comma-separated list of proxy addresses or CIDR ranges',
  }),
  ...limitsEnv(),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: url('S3_ENDPOINT'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: url('S3_PUBLIC_URL'),
  S3_FORCE_PATH_STYLE: optional,
  X_API_URL: url('X_API_URL'),
  X_OAUTH_URL: url('X_OAUTH_URL'),
  X_CONSUMER_KEY: optional,
  X_CONSUMER_SECRET: optional,
  X_CLIENT_ID: optional,
  X_CLIENT_SECRET: optional,
  ...providerEnv('FACEBOOK'),
  ...providerEnv('GOOGLE'),
  ...providerEnv('LINKEDIN'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: url('STRIPE_API_URL'),
  TALK_MODEL_URL: url('TALK_MODEL_URL'),
  TALK_MODEL: optional,
  TALK_MODEL_KEY: optional,
});

function providerEnv<const P extends string>(p: P) {
  return {
    [`${p}_CLIENT_ID`]: optional,
    [`${p}_CLIENT_SECRET`]: optional,
    [`${p}_TOKEN_URL`]: url(`${p}_TOKEN_URL`),
    [`${p}_USERINFO_URL`]: url(`${p}_USERINFO_URL`),
  } as Record<
    `${P}_CLIENT_ID` | `${P}_CLIENT_SECRET` | `${P}_TOKEN_URL` | `${P}_USERINFO_URL`,
    typeof optional
  >;
}

/** A sign-in provider's OAuth 2.0 client (Facebook, Google, LinkedIn): code → token → user info. */
export interface ProviderConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  tokenUrl: string;
  userInfoUrl: string;
}

/** X: OAuth 1.0a consumer and OAuth 2.0 client, and where the API and the OAuth pages are. */
export interface XConfig {
  /** X API v2 base, ending in /2/ (https://api.x.com/2/ for the real X). */
  apiUrl: string;
  /** Base of X's OAuth 1.0a pages (…/oauth/): the browser is sent to `${oauthUrl}authenticate`. */
  oauthUrl: string;
  consumerKey: string | undefined;
  consumerSecret: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

/**
 * Payments through the official Stripe SDK (modules/billing). `apiUrl` undefined means Stripe
 * itself; outside production without keys, the sandbox's stand-in with its development keys.
 * `enabled` is false when no secret key is known (production without STRIPE_SECRET_KEY).
 */
export interface StripeConfig {
  enabled: boolean;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Base URL the SDK talks to (host, port, protocol and a path prefix), or undefined for api.stripe.com. */
  apiUrl: string | undefined;
  /** True when apiUrl is the sandbox mounted by this server (it then sends its webhooks here). */
  sandbox: boolean;
}

/**
 * An S3-compatible store for the media library (S3_BUCKET and the other S3_* variables); without
 * S3_BUCKET files are kept on local disk under DATA_DIR/media.
 */
export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, s3rver…); AWS itself when absent. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Where stored files are read publicly (a CDN); the endpoint's bucket URL otherwise. */
  publicUrl: string | undefined;
  forcePathStyle: boolean;
}

export interface SandboxSettings {
  /** Mount the sandbox network under /sandbox (SANDBOX_ENABLED; default true, false in production). */
  enabled: boolean;
  accounts: number;
  seed: string | undefined;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where users reach the web app; links in mails point here. No trailing slash. */
  publicUrl: string;
  extensionToken: string | undefined;
  proTargetingToken: string | undefined;
  /** SPEC §6/§7: the targeting service's fixed token (TARGETING_TOKEN), accepted on its routes only. */
  targetingToken?: string | undefined;
  /** SPEC §6: internal staff sign in with an address on these domains (STAFF_EMAIL_DOMAINS, comma-separated). */
  staffEmailDomains?: string[];
  /**
   * New users join the Audience_creator group (SPEC §6 creator access) when they register
   * (CREATOR_ACCESS_FOR_NEW_USERS; default true outside production, so a fresh `npm start` can build
   * and save audiences; in production staff grant it).
   */
  creatorAccessForNewUsers?: boolean;
  /** SPEC §1: the error-reporting service's DSN (SENTRY_DSN); nothing is reported without it. */
  sentryDsn?: string;
  /** The bearer token of /metrics (plugins/metrics.ts); unset, there is no /metrics. */
  metricsToken?: string | undefined;
  /** OpenTelemetry traces go to this OTLP/HTTP collector when set; off otherwise. */
  otlpEndpoint?: string | undefined;
  webDist: string;
  logLevel: string;
  /** The media library's S3-compatible store; local disk when undefined. */
  s3?: S3Config | undefined;
  sandbox: SandboxSettings;
  /**
   * A network snapshot (bulk export NDJSON: file path or http(s) URL) for the audience engine
   * (ENGINE_SNAPSHOT). Without it the engine indexes the mounted sandbox network.
   */
  engineSnapshot: string | undefined;
  /**
   * Worker threads for heavy engine work (ENGINE_WORKERS; default one per core but one, at least 1;
   * 0 runs it on the main thread). They share the engine's index memory.
   */
  engineWorkers: number;
  /**
   * The engine's shards on NATS (ENGINE_NATS_URL, ENGINE_SHARDS; `npm run dev:cluster` starts them):
   * estimates and field counts are scattered to them and merged exactly; the shard count comes from
   * the shard map in JetStream KV unless ENGINE_SHARDS gives it. Without it, everything is answered here.
   */
  engineShards: { natsUrl: string; shards?: number } | undefined;
  /** Redis for the job queue (REDIS_URL); jobs run in-process without it. */
  redisUrl: string | undefined;
  /** The live path: X's streams → collector → live log → engine and shards (docs/LIVE.md); none in tests. */
  live?: LiveConfig;
  /**
   * Which proxies' X-Forwarded-For is believed (TRUST_PROXY, Fastify's `trustProxy`): false (the
   * default) uses the connection's address; a hop count or a list of proxy addresses/CIDRs. Never
   * every proxy: the left-most entry is whatever the client wrote, and the limits by client
   * (docs/API.md "Limits") would count what the client chooses.
   */
  trustProxy?: false | number | string[];
  limits: Limits;
  x: XConfig;
  facebook: ProviderConfig;
  google: ProviderConfig;
  linkedin: ProviderConfig;
  stripe: StripeConfig;
  /**
   * An OpenAI-compatible chat-completions endpoint that may rephrase Talk to X's answers, never add
   * figures (TALK_MODEL_URL, TALK_MODEL default gpt-4o-mini, TALK_MODEL_KEY); none: answers as parsed.
   */
  talkModel?: TalkModelConfig | undefined;
}

export interface LiveConfig {
  /**
   * The engine follows the live log (LIVE_ENABLED; default: on in development with the sandbox
   * mounted, and in production when a collector or a NATS live log is configured; off in tests).
   * Off, the index is the static snapshot it was built from.
   */
  enabled: boolean;
  /** NATS of the JetStream live log (LIVE_NATS_URL, else ENGINE_NATS_URL); none: the log is in this process. */
  natsUrl: string | undefined;
  /** The streams are the sandbox this server mounts (the collector then reads the port it listens on). */
  mountedSandbox: boolean;
  /**
   * Run the collector in this process (COLLECTOR_ENABLED; default: on outside tests when X's streams
   * can be reached — the mounted sandbox, or a bearer token for X). One collector per deployment.
   */
  collectorEnabled: boolean;
  /** X API v2 base the streams are under, ending in /2/ (X_STREAM_URL; default X, or the mounted sandbox). */
  streamUrl: string;
  /** X's app-only bearer token for the streams (X_STREAM_BEARER_TOKEN; the sandbox's outside production). */
  bearerToken: string | undefined;
  /** How many partitions X's firehoses are read in (X_STREAM_PARTITIONS; X: 20, the sandbox: 1 by default). */
  xPartitions: number;
  /** Partitions of the live log, like the engine's shards (LIVE_PARTITIONS; default ENGINE_SHARDS or 1). */
  partitions: number;
  /**
   * The live engine's snapshot (DATA_DIR/engine/live.snapshot), written every this many seconds
   * and on shutdown (LIVE_SNAPSHOT_SECONDS; default 600; 0: only on shutdown).
   */
  snapshotSeconds: number;
}

export interface TalkModelConfig {
  url: string;
  model: string;
  apiKey: string | undefined;
}

/** Reads the environment; throws 'Missing env variables: A, B' when production lacks required ones. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid env variables: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => e[name] === undefined);
    if (missing.length > 0) throw new Error('Missing env variables: ' + missing.join(', '));
  }
  const dataDir = resolve(e.DATA_DIR ?? './data');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          forcePathStyle:
            e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1' || e.S3_ENDPOINT !== undefined,
        }
      : undefined,
    sessionSecret: e.SESSION_SECRET ?? devSessionSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Murmur <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    extensionToken: e.EXTENSION_TOKEN,
    proTargetingToken: e.PRO_TARGETING_TOKEN,
    targetingToken: e.TARGETING_TOKEN,
    ...(e.SENTRY_DSN !== undefined && { sentryDsn: e.SENTRY_DSN }),
    metricsToken: e.METRICS_TOKEN,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    creatorAccessForNewUsers:
      e.CREATOR_ACCESS_FOR_NEW_USERS === undefined
        ? !isProduction
        : e.CREATOR_ACCESS_FOR_NEW_USERS === 'true' || e.CREATOR_ACCESS_FOR_NEW_USERS === '1',
    staffEmailDomains: (e.STAFF_EMAIL_DOMAINS ?? '')
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean),
    webDist: resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    sandbox: {
      // A stand-in for X and the sign-in providers has no place on a production site unless asked for.
      enabled:
        e.SANDBOX_ENABLED === undefined
          ? !isProduction
          : e.SANDBOX_ENABLED === 'true' || e.SANDBOX_ENABLED === '1',
      accounts: e.SANDBOX_ACCOUNTS,
      seed: e.SANDBOX_SEED,
    },
    engineSnapshot: e.ENGINE_SNAPSHOT,
    engineWorkers: e.ENGINE_WORKERS ?? Math.max(1, availableParallelism() - 1),
    engineShards: e.ENGINE_NATS_URL
      ? { natsUrl: e.ENGINE_NATS_URL, ...(e.ENGINE_SHARDS !== undefined && { shards: e.ENGINE_SHARDS }) }
      : undefined,
    redisUrl: e.REDIS_URL,
    live: liveConfig(e, isProduction),
    trustProxy: e.TRUST_PROXY === undefined ? false : (parseTrustProxy(e.TRUST_PROXY) ?? false),
    limits: limitsFrom(e),
    ...socialConfig(`${publicUrl}/sandbox`, isProduction, e),
    stripe: stripeConfig(`${publicUrl}/sandbox`, isProduction, e),
    talkModel: e.TALK_MODEL_URL
      ? { url: e.TALK_MODEL_URL, model: e.TALK_MODEL ?? 'gpt-4o-mini', apiKey: e.TALK_MODEL_KEY }
      : undefined,
  };
}

/**
 * STRIPE_SECRET_KEY (and its publishable key and webhook secret) selects a real Stripe account
 * (STRIPE_API_URL may point the SDK elsewhere); without it, outside production, the sandbox's
 * stand-in under /sandbox/stripe with STRIPE_DEV_KEYS. Production without a key has no billing.
 */
export function stripeConfig(
  sandbox: string,
  isProduction: boolean,
  e: Partial<Record<string, unknown>> = {},
): StripeConfig {
  const get = (name: string): string | undefined => {
    const value = e[name];
    return typeof value === 'string' ? value : undefined;
  };
  const secretKey = get('STRIPE_SECRET_KEY');
  if (secretKey)
    return {
      enabled: true,
      secretKey,
      publishableKey: get('STRIPE_PUBLISHABLE_KEY') ?? '',
      webhookSecret: get('STRIPE_WEBHOOK_SECRET') ?? '',
      apiUrl: get('STRIPE_API_URL'),
      sandbox: false,
    };
  return {
    enabled: !isProduction,
    secretKey: isProduction ? '' : STRIPE_DEV_KEYS.secretKey,
    publishableKey: isProduction ? '' : STRIPE_DEV_KEYS.publishableKey,
    webhookSecret: isProduction ? '' : STRIPE_DEV_KEYS.webhookSecret,
    apiUrl: get('STRIPE_API_URL') ?? `${sandbox}/stripe`,
    sandbox: get('STRIPE_API_URL') === undefined,
  };
}

/**
 * X and the sign-in providers default to the sandbox mounted by this server and, outside
 * production, to the sandbox's development credentials (SANDBOX_DEV_CREDENTIALS). In production a
 * provider without a client id and secret is switched off.
 */
export function socialConfig(
  sandbox: string,
  isProduction: boolean,
  e: Partial<Record<string, unknown>> = {},
): Pick<Config, 'x' | 'facebook' | 'google' | 'linkedin'> {
  const dev = isProduction ? undefined : SANDBOX_DEV_CREDENTIALS;
  const get = (name: string): string | undefined => {
    const value = e[name];
    return typeof value === 'string' ? value : undefined;
  };
  const provider = (
    name: 'FACEBOOK' | 'GOOGLE' | 'LINKEDIN',
    creds: { clientId: string; clientSecret: string } | undefined,
    tokenUrl: string,
    userInfoUrl: string,
  ): ProviderConfig => ({
    clientId: get(`${name}_CLIENT_ID`) ?? creds?.clientId,
    clientSecret: get(`${name}_CLIENT_SECRET`) ?? creds?.clientSecret,
    tokenUrl: get(`${name}_TOKEN_URL`) ?? tokenUrl,
    userInfoUrl: get(`${name}_USERINFO_URL`) ?? userInfoUrl,
  });
  return {
    x: {
      apiUrl: get('X_API_URL') ?? `${sandbox}/x/2/`,
      oauthUrl: get('X_OAUTH_URL') ?? `${sandbox}/x/oauth/`,
      consumerKey: get('X_CONSUMER_KEY') ?? dev?.x.consumerKey,
      consumerSecret: get('X_CONSUMER_SECRET') ?? dev?.x.consumerSecret,
      clientId: get('X_CLIENT_ID') ?? dev?.x.clientId,
      clientSecret: get('X_CLIENT_SECRET') ?? dev?.x.clientSecret,
    },
    facebook: provider(
      'FACEBOOK',
      dev?.facebook,
      `${sandbox}/facebook/v19.0/oauth/access_token`,
      `${sandbox}/facebook/v19.0/me?fields=id,name,email,first_name,last_name`,
    ),
    google: provider('GOOGLE', dev?.google, `${sandbox}/google/token`, `${sandbox}/google/v1/userinfo`),
    linkedin: provider(
      'LINKEDIN',
      dev?.linkedin,
      `${sandbox}/linkedin/oauth/v2/accessToken`,
      `${sandbox}/linkedin/v2/userinfo`,
    ),
  };
}

/**
 * The live path's settings. X's streams need a bearer token with Enterprise access (docs/LIVE.md):
 * outside production the mounted sandbox's development token and streams stand in; a production
 * collector without a token cannot start, and says which variable is missing (SPEC §8).
 */
function liveConfig(
  e: {
    NODE_ENV: 'development' | 'production' | 'test';
    PORT: number;
    SANDBOX_ENABLED?: string | undefined;
    ENGINE_SHARDS?: number | undefined;
    ENGINE_NATS_URL?: string | undefined;
    LIVE_ENABLED?: string | undefined;
    LIVE_NATS_URL?: string | undefined;
    X_STREAM_URL?: string | undefined;
    X_STREAM_BEARER_TOKEN?: string | undefined;
    X_STREAM_PARTITIONS?: number | undefined;
    LIVE_PARTITIONS?: number | undefined;
    LIVE_SNAPSHOT_SECONDS?: number | undefined;
    COLLECTOR_ENABLED?: string | undefined;
  },
  isProduction: boolean,
): LiveConfig {
  const sandboxMounted =
    e.SANDBOX_ENABLED === undefined
      ? !isProduction
      : e.SANDBOX_ENABLED === 'true' || e.SANDBOX_ENABLED === '1';
  const useSandbox = e.X_STREAM_URL === undefined && sandboxMounted;
  const bearerToken =
    e.X_STREAM_BEARER_TOKEN ??
    (useSandbox && !isProduction ? SANDBOX_DEV_CREDENTIALS.x.bearerToken : undefined);
  const collectorEnabled =
    e.COLLECTOR_ENABLED === undefined
      ? e.NODE_ENV !== 'test' && bearerToken !== undefined
      : e.COLLECTOR_ENABLED === 'true' || e.COLLECTOR_ENABLED === '1';
  if (collectorEnabled && bearerToken === undefined)
    throw new Error('Missing env variables: X_STREAM_BEARER_TOKEN');
  const natsUrl = e.LIVE_NATS_URL ?? e.ENGINE_NATS_URL;
  const enabled =
    e.LIVE_ENABLED === undefined
      ? e.NODE_ENV === 'development'
        ? sandboxMounted
        : isProduction && (collectorEnabled || natsUrl !== undefined)
      : e.LIVE_ENABLED === 'true' || e.LIVE_ENABLED === '1';
  return {
    enabled,
    natsUrl,
    mountedSandbox: useSandbox,
    collectorEnabled,
    streamUrl:
      e.X_STREAM_URL ?? (useSandbox ? `http://127.0.0.1:${e.PORT}/sandbox/x/2/` : 'https://api.x.com/2/'),
    bearerToken,
    // X serves its firehoses in 20 partitions (the sandbox too): reading fewer would miss the rest.
    xPartitions: e.X_STREAM_PARTITIONS ?? 20,
    partitions: e.LIVE_PARTITIONS ?? e.ENGINE_SHARDS ?? 1,
    snapshotSeconds: e.LIVE_SNAPSHOT_SECONDS ?? 600,
  };
}

/**
 * Outside production a secret is generated once and kept in DATA_DIR, so sessions and CSRF tokens
 * survive restarts of `npm run dev` without anyone having to configure one.
 */
function devSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomKey(48);
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY: a whole number of hops (0 is none, false) or addresses and CIDR ranges separated by
 * commas; undefined when it is neither (`true` included: trusting every hop lets a client choose
 * its own address).
 */
export function parseTrustProxy(value: string): false | number | string[] | undefined {
  const text = value.trim();
  if (/^\d{1,3}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : undefined;
}

/** Caps on jobs and rates by client (docs/API.md "Limits"; variables in README "Configuration"). */
export interface Limits {
  jobs: JobLimits;
  /** Sign-in code requests per IP address per 15 minutes (each address also has 5 per 15 minutes). */
  signInCodesPerIp: number;
  /** Social sign-in starts (X request tokens, X OAuth 2.0 challenges) per IP address per 15 minutes. */
  socialStartsPerIp: number;
  /** Invitation mails per team per hour (one request may send many). */
  inviteMailsPerTeam: number;
  /** Days an invitation's code works after it was sent. */
  inviteTtlDays: number;
}

/**
 * Generous enough for an office behind one address and for the browser journeys (a handful of
 * sign-ins per run); small enough that one client cannot mail hundreds of strangers or fill the
 * job queue.
 */
export const DEFAULT_LIMITS: Limits = {
  jobs: DEFAULT_JOB_LIMITS,
  signInCodesPerIp: 20,
  socialStartsPerIp: 30,
  inviteMailsPerTeam: 50,
  inviteTtlDays: 7,
};

function limitsEnv() {
  const count = z.preprocess((v) => v || undefined, z.coerce.number().int().min(1).max(1_000_000).optional());
  return Object.fromEntries(LIMIT_VARS.map((name) => [name, count])) as Record<
    (typeof LIMIT_VARS)[number],
    typeof count
  >;
}

function limitsFrom(e: Partial<Record<(typeof LIMIT_VARS)[number], number | undefined>>): Limits {
  const d = DEFAULT_LIMITS;
  return {
    jobs: {
      perIp: e.JOBS_PER_IP ?? d.jobs.perIp,
      perUser: e.JOBS_PER_USER ?? d.jobs.perUser,
      perTeam: e.JOBS_PER_TEAM ?? d.jobs.perTeam,
      total: e.JOBS_TOTAL ?? d.jobs.total,
      abandonAfterMs: (e.JOBS_ABANDON_SECONDS ?? d.jobs.abandonAfterMs / 1000) * 1000,
    },
    signInCodesPerIp: e.SIGN_IN_CODES_PER_IP ?? d.signInCodesPerIp,
    socialStartsPerIp: e.SOCIAL_STARTS_PER_IP ?? d.socialStartsPerIp,
    inviteMailsPerTeam: e.INVITE_MAILS_PER_TEAM ?? d.inviteMailsPerTeam,
    inviteTtlDays: e.INVITE_TTL_DAYS ?? d.inviteTtlDays,
  };
}
