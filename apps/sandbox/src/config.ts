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
/**
 * Where generated history ends when no anchor is configured: the start of the current UTC hour (a
 * whole tick), so the network keeps real dates, and the running clock then catches up the minutes
 * since (`ClockSettings.catchUpToWall`): its "now" is the wall clock's, and a campaign starting at a
 * real time delivers from then. The output stays the same for everyone who generates it in the same
 * hour with the same seed (seed + anchor decide every byte).
 */
export function defaultAnchor(wallMs: number = Date.now()): number {
  return Math.floor(wallMs / 3_600_000) * 3600;
}

export function resolveConfig(partial: Partial<SandboxConfig> = {}): SandboxConfig {
  const accounts = partial.accounts ?? DEFAULT_ACCOUNTS;
  if (!Number.isInteger(accounts) || accounts < 100 || accounts > 20_000_000) {
    throw new Error(`SANDBOX_ACCOUNTS must be an integer between 100 and 20000000, got ${accounts}`);
  }
  const tickSeconds = partial.tickSeconds ?? 3600;
  // SANDBOX_ANCHOR pins every network of a process that names no anchor (the test runners set it, so
  // a suite generates the same networks on every day it runs).
  const now = partial.now ?? anchorFrom(process.env.SANDBOX_ANCHOR) ?? defaultAnchor();
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

/** SANDBOX_ANCHOR: an ISO 8601 instant or Unix seconds. */
function anchorFrom(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const seconds = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new Error(`SANDBOX_ANCHOR must be an ISO 8601 instant or Unix seconds, got "${raw}"`);
  return Math.floor(seconds);
}

/** Reads SANDBOX_SEED, SANDBOX_ACCOUNTS, SANDBOX_SCALE, SANDBOX_HISTORY_DAYS and SANDBOX_ANCHOR. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const partial: Partial<SandboxConfig> = {};
  if (env.SANDBOX_SEED) partial.seed = env.SANDBOX_SEED;
  const accounts = positiveNumber('SANDBOX_ACCOUNTS', env.SANDBOX_ACCOUNTS);
  if (accounts !== undefined) partial.accounts = accounts;
  const scale = positiveNumber('SANDBOX_SCALE', env.SANDBOX_SCALE);
  if (scale !== undefined) partial.scale = scale;
  const days = positiveNumber('SANDBOX_HISTORY_DAYS', env.SANDBOX_HISTORY_DAYS);
  if (days !== undefined) partial.historyDays = days;
  const anchor = anchorFrom(env.SANDBOX_ANCHOR);
  if (anchor !== undefined) partial.now = anchor;
  return resolveConfig(partial);
}

/** How the live clock runs; not part of SandboxConfig because it does not change what is generated. */
export interface ClockSettings {
  /** Simulated seconds per wall second (1 = real time, 0 = only POST /simulate/advance moves it). */
  speed: number;
  /** Simulated seconds per simulation step of the running clock (events keep their own seconds). */
  stepSeconds: number;
  /**
   * At real time on a network anchored at the wall clock's hour (no SANDBOX_ANCHOR): the running
   * clock first runs the time between the network's "now" and the wall clock (at most
   * `CATCH_UP_LIMIT_SECONDS`), so simulated time is the wall clock's, not up to an hour behind it.
   */
  catchUpToWall?: boolean;
}

/** The longest lag the running clock catches up at its start (the anchor's hour and a slow generation). */
export const CATCH_UP_LIMIT_SECONDS = 3 * 3600;

/** Reads SANDBOX_CLOCK_SPEED (default 1) and SANDBOX_CLOCK_STEP_SECONDS (default 1). */
export function clockFromEnv(env: NodeJS.ProcessEnv = process.env): ClockSettings {
  const rawSpeed = env.SANDBOX_CLOCK_SPEED;
  const speed = rawSpeed === undefined || rawSpeed === '' ? 1 : Number(rawSpeed);
  if (!Number.isFinite(speed) || speed < 0 || speed > 1_000_000)
    throw new Error(`SANDBOX_CLOCK_SPEED must be a number from 0 to 1000000, got "${rawSpeed}"`);
  const step = positiveNumber('SANDBOX_CLOCK_STEP_SECONDS', env.SANDBOX_CLOCK_STEP_SECONDS) ?? 1;
  if (!Number.isInteger(step) || step > 3600)
    throw new Error(`SANDBOX_CLOCK_STEP_SECONDS must be a whole number from 1 to 3600, got "${step}"`);
  const pinned = env.SANDBOX_ANCHOR !== undefined && env.SANDBOX_ANCHOR !== '';
  return { speed, stepSeconds: step, ...(speed === 1 && !pinned && { catchUpToWall: true }) };
}
