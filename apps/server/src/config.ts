import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { billingEnv, stripeConfig, type StripeConfig } from './config/billing';
import { optional, url } from './config/env';
import { DEFAULT_LIMITS, limitsEnv, limitsFrom, type Limits } from './config/limits';
import { liveConfig, liveEnv, type LiveConfig } from './config/live';
import { networkEnv, parseTrustProxy } from './config/network';
import {
  credentialLifetimesEnv,
  credentialLifetimesFrom,
  DEFAULT_CREDENTIAL_LIFETIMES,
  devSessionSecret,
  type CredentialLifetimes,
} from './config/session';
import { socialConfig, socialEnv, type ProviderConfig, type XConfig } from './config/social';
import { s3Config, storageEnv, type S3Config } from './config/storage';

// The settings of each concern live in config/ (billing, limits, live, network, session, social,
// storage); this file composes them into one schema and one Config, and stays the one import path.
export { DEFAULT_CREDENTIAL_LIFETIMES, DEFAULT_LIMITS, parseTrustProxy, socialConfig, stripeConfig };
export type { CredentialLifetimes, Limits, LiveConfig, ProviderConfig, S3Config, StripeConfig, XConfig };

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Settings a production server cannot run without (SPEC §8 'Missing env variables: …'). */
const REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'SMTP_URL', 'PRO_TARGETING_TOKEN'] as const;

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    (v) => v || undefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess((v) => v || undefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optional,
  DATA_DIR: optional,
  DATABASE_URL: url('DATABASE_URL'),
  DATABASE_POOL_SIZE: z.preprocess(
    (v) => v || undefined,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
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
  ...liveEnv,
  ...networkEnv,
  ...limitsEnv(),
  ...credentialLifetimesEnv(),
  ...storageEnv,
  ...socialEnv,
  ...billingEnv,
  TALK_MODEL_URL: url('TALK_MODEL_URL'),
  TALK_MODEL: optional,
  TALK_MODEL_KEY: optional,
});

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
  /** PostgreSQL connections this process keeps (DATABASE_POOL_SIZE, default 10); PGlite has one. */
  databasePoolSize: number;
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
  /**
   * Milliseconds between the rounds that follow uploads processing on X and run due autopilots
   * (modules/x-audiences; default 30 000). Tests that wait for a round set it shorter.
   */
  xAudiencesFollowMs?: number;
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
  /** Sliding lifetimes of sessions and personal tokens (SESSION_IDLE_DAYS, TOKEN_IDLE_DAYS, CREDENTIAL_MAX_DAYS). */
  credentials?: CredentialLifetimes;
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
    databasePoolSize: e.DATABASE_POOL_SIZE,
    s3: s3Config(e),
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
    credentials: credentialLifetimesFrom(e),
    ...socialConfig(`${publicUrl}/sandbox`, isProduction, e),
    stripe: stripeConfig(`${publicUrl}/sandbox`, isProduction, e),
    talkModel: e.TALK_MODEL_URL
      ? { url: e.TALK_MODEL_URL, model: e.TALK_MODEL ?? 'gpt-4o-mini', apiKey: e.TALK_MODEL_KEY }
      : undefined,
  };
}
