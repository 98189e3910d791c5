import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
