import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { randomKey } from './lib/crypto';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Settings a production server cannot run without (SPEC §8 'Missing env variables: …'). */
const REQUIRED_IN_PRODUCTION = ['SESSION_SECRET', 'SMTP_URL', 'PRO_TARGETING_TOKEN'] as const;

// Empty variables count as unset: `FOO= node …` must not pass for a configured secret.
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const url = (name: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), { error: `${name} must be a URL` });

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
  WEB_DIST: optional,
  LOG_LEVEL: z.preprocess(
    (v) => v || undefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
});

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
  webDist: string;
  logLevel: string;
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
    sessionSecret: e.SESSION_SECRET ?? devSessionSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Murmur <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    extensionToken: e.EXTENSION_TOKEN,
    proTargetingToken: e.PRO_TARGETING_TOKEN,
    webDist: resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
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
