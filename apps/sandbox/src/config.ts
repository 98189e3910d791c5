/**
 * Sandbox settings. Everything the network contains follows from these values, so two processes
 * with the same config hold byte-identical networks.
 */
export interface SandboxConfig {
  seed: string;
  accounts: number;
  /** Real X accounts each sandbox account stands for (audience estimates multiply by it). */
  scale: number;
  /** Days of simulated history generated before "now". */
  historyDays: number;
  /** The simulated clock at the end of generation, Unix seconds. */
  now: number;
  /** Length of one simulation tick in seconds. */
  tickSeconds: number;
}

/** X's approximate monthly active accounts; the default scale makes the sandbox stand for this many. */
export const X_POPULATION = 550_000_000;
export const DEFAULT_ACCOUNTS = 100_000;
export const DEFAULT_SEED = 'murmur';
/** A fixed "now" keeps generation independent of the wall clock: 2026-08-01T00:00:00Z. */
export const DEFAULT_NOW = Date.UTC(2026, 7, 1) / 1000;

export function resolveConfig(partial: Partial<SandboxConfig> = {}): SandboxConfig {
  const accounts = partial.accounts ?? DEFAULT_ACCOUNTS;
  if (!Number.isInteger(accounts) || accounts < 100 || accounts > 20_000_000) {
    throw new Error(`SANDBOX_ACCOUNTS must be an integer between 100 and 20000000, got ${accounts}`);
  }
  const tickSeconds = partial.tickSeconds ?? 3600;
  const now = partial.now ?? DEFAULT_NOW;
  return {
    seed: partial.seed ?? DEFAULT_SEED,
    accounts,
    scale: partial.scale ?? Math.round(X_POPULATION / accounts),
    historyDays: partial.historyDays ?? 28,
    // The clock moves in whole ticks; align "now" so tick boundaries are round hours.
    now: now - (now % tickSeconds),
    tickSeconds,
  };
}

function positiveNumber(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** Reads SANDBOX_SEED, SANDBOX_ACCOUNTS, SANDBOX_SCALE and SANDBOX_HISTORY_DAYS. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const partial: Partial<SandboxConfig> = {};
  if (env.SANDBOX_SEED) partial.seed = env.SANDBOX_SEED;
  const accounts = positiveNumber('SANDBOX_ACCOUNTS', env.SANDBOX_ACCOUNTS);
  if (accounts !== undefined) partial.accounts = accounts;
  const scale = positiveNumber('SANDBOX_SCALE', env.SANDBOX_SCALE);
  if (scale !== undefined) partial.scale = scale;
  const days = positiveNumber('SANDBOX_HISTORY_DAYS', env.SANDBOX_HISTORY_DAYS);
  if (days !== undefined) partial.historyDays = days;
  return resolveConfig(partial);
}
