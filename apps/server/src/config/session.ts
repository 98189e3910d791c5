import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { randomKey } from '../lib/crypto';

/**
 * Outside production a secret is generated once and kept in DATA_DIR, so sessions and CSRF tokens
 * survive restarts of `npm run dev` without anyone having to configure one.
 */
export function devSessionSecret(dataDir: string): string {
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

/** Variables of `CredentialLifetimes`: whole days from 1 (docs/API.md "Sessions and tokens"). */
const LIFETIME_VARS = ['SESSION_IDLE_DAYS', 'TOKEN_IDLE_DAYS', 'CREDENTIAL_MAX_DAYS'] as const;

/** How long sessions and personal tokens live (README "Configuration"). */
export interface CredentialLifetimes {
  /** A browser session ends this many days after it was last used (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
  /** A personal token ends this many days after it was last used (TOKEN_IDLE_DAYS). */
  tokenIdleDays: number;
  /** Neither lives longer than this many days from its sign-in, however often used (CREDENTIAL_MAX_DAYS). */
  maxDays: number;
}

export const DEFAULT_CREDENTIAL_LIFETIMES: CredentialLifetimes = {
  sessionIdleDays: 14,
  tokenIdleDays: 30,
  maxDays: 90,
};

export function credentialLifetimesEnv() {
  const days = z.preprocess((v) => v || undefined, z.coerce.number().int().min(1).max(3650).optional());
  return Object.fromEntries(LIFETIME_VARS.map((name) => [name, days])) as Record<
    (typeof LIFETIME_VARS)[number],
    typeof days
  >;
}

export function credentialLifetimesFrom(
  e: Partial<Record<(typeof LIFETIME_VARS)[number], number | undefined>>,
): CredentialLifetimes {
  const d = DEFAULT_CREDENTIAL_LIFETIMES;
  const lifetimes = {
    sessionIdleDays: e.SESSION_IDLE_DAYS ?? d.sessionIdleDays,
    tokenIdleDays: e.TOKEN_IDLE_DAYS ?? d.tokenIdleDays,
    maxDays: e.CREDENTIAL_MAX_DAYS ?? d.maxDays,
  };
  if (lifetimes.maxDays < Math.max(lifetimes.sessionIdleDays, lifetimes.tokenIdleDays)) {
    throw new Error(
      'Invalid env variables: CREDENTIAL_MAX_DAYS must be at least SESSION_IDLE_DAYS and TOKEN_IDLE_DAYS',
    );
  }
  return lifetimes;
}
