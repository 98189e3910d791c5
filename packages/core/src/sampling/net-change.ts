import type { EstimateFigure } from './figure';
import { wilsonInterval, Z_95 } from './interval';
import type { Sampling } from './model';

/**
 * A group's size measured twice on one sample (docs/decisions/006-sampling-model.md "Net change"):
 * sampled accounts in it at the first time and at the second, and those in it at both times.
 */
export interface NetChange {
  before: number;
  now: number;
  /**
   * Sampled accounts in the group at both times (the two measurements' overlap); null when not
   * known: the interval is then bounded as if no account had stayed, which never understates it.
   */
  stayed: number | null;
}

export interface NetChangeInterval {
  /** now − before, in sampled accounts. */
  change: number;
  /** The 95 % interval of the change, in sampled accounts (the low bound may be below zero). */
  low: number;
  high: number;
  /** Accounts that joined or left (known), or its bound before + now (overlap not known). */
  turnover: number;
}

/**
 * The 95 % interval of `count` accounts out of a sample of `n` (Wilson's score interval, in
 * accounts), or, the sample's size not known, the Poisson score interval it tends to as n grows:
 * x + z²/2 ± z·√(x + z²/4).
 */
function countInterval(count: number, n: number | null, z: number): { low: number; high: number } {
  const z2 = z * z;
  if (n === null) {
    const centre = count + z2 / 2;
    const half = z * Math.sqrt(count + z2 / 4);
    return { low: count === 0 ? 0 : centre - half, high: centre + half };
  }
  const share = wilsonInterval(count, n, z);
  return { low: share.low * n, high: share.high * n };
}

/**
 * The 95 % interval of a net change measured on one sample at two times: the difference of the
 * accounts that joined and those that left, two cells of one multinomial sample. Each cell gets
 * Wilson's score interval and the difference is Zou and Donner's MOVER (method of variance
 * estimates recovery, Statistics in Medicine 2008; for paired proportions, Newcombe, Statistics in
 * Medicine 1998, method 10): change − √((J − l_J)² + (u_L − L)² − 2r(J − l_J)(u_L − L)) up to
 * change + √((u_J − J)² + (L − l_L)² − 2r(u_J − J)(L − l_L)), r the two cells' correlation
 * −√(p_J·p_L / ((1 − p_J)(1 − p_L))). Unlike the normal interval around the paired variance
 * (joined + left) − change²/n, it does not collapse to a point when no one or one account joined or
 * left, where that one covered the truth as little as 40 % of the time (net-change.test.ts).
 */
export function netChangeInterval(
  change: NetChange,
  sampleSize: number | null,
  z: number = Z_95,
): NetChangeInterval {
  const { before, now, stayed } = change;
  for (const [name, value] of [
    ['before', before],
    ['now', now],
    ['stayed', stayed ?? 0],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`a net change's ${name} is a whole number ≥ 0, got ${value}`);
    }
  }
  if (stayed !== null && stayed > Math.min(before, now)) {
    throw new RangeError(`${stayed} stayed of ${before} before and ${now} now`);
  }
  // Not knowing who stayed, bound it as if no one had: everyone now joined, everyone before left.
  const joined = now - (stayed ?? 0);
  const left = before - (stayed ?? 0);
  const difference = joined - left;
  // The sample holds at least everyone counted at either time.
  const n =
    sampleSize !== null && Number.isInteger(sampleSize) && sampleSize > 0
      ? Math.max(sampleSize, before + joined)
      : null;
  const j = countInterval(joined, n, z);
  const l = countInterval(left, n, z);
  const r =
    n === null || joined + left >= n
      ? 0
      : -Math.sqrt(((joined / n) * (left / n)) / ((1 - joined / n) * (1 - left / n)));
  const below = (a: number, b: number) => Math.sqrt(Math.max(0, a * a + b * b - 2 * r * a * b));
  return {
    change: difference,
    low: difference - below(joined - j.low, l.high - left),
    high: difference + below(j.high - joined, left - l.low),
    turnover: joined + left,
  };
}

/**
 * A net gain as Murmur's population estimate (the change × the rate, with netChangeInterval's 95 %
 * interval scaled by the rate), or null unless the sample shows a gain: the interval's low bound
 * above zero. A change whose interval holds zero is not called growth.
 */
export function netGainEstimate(change: NetChange, sampling: Sampling): EstimateFigure | null {
  const { rate, sampleSize } = sampling;
  if (!(rate > 0) || !Number.isFinite(rate))
    throw new RangeError(`the sampling rate must be > 0, got ${rate}`);
  const interval = netChangeInterval(change, sampleSize);
  if (!(interval.low > 0)) return null;
  const value = Math.round(interval.change * rate);
  return {
    kind: 'estimate',
    value,
    low: Math.min(value, Math.floor(interval.low * rate)),
    high: Math.max(value, Math.ceil(interval.high * rate)),
    sample: interval.change,
    sample_size: sampleSize === null ? null : Math.max(sampleSize, change.now),
    rate,
  };
}
