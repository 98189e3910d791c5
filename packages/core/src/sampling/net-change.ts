import type { EstimateFigure } from './figure';
import { Z_95 } from './interval';
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
 * The 95 % interval of a net change measured on one sample at two times: the difference of two
 * estimates from overlapping samples. Each sampled account i contributes d_i = (in now) − (in
 * before) ∈ {−1, 0, 1}; the change is Σ d_i, and its variance over the sample is the paired
 * (McNemar-type) one, Σ d_i² − (Σ d_i)² / n = (joined + left) − change² / n (Agresti, Categorical
 * Data Analysis, §10.1, difference of dependent proportions), with the normal interval around it.
 * The two estimates' covariance is what makes this smaller than the independent samples' variance
 * before + now; treating the change as one count (Wilson on now − before) ignored that people both
 * join and leave, and understated it whenever anyone left.
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
  const difference = now - before;
  // joined + left = before + now − 2 × stayed; not knowing who stayed, at most before + now.
  const turnover = before + now - 2 * (stayed ?? 0);
  const n = sampleSize !== null && sampleSize > 0 ? sampleSize : null;
  const variance = Math.max(0, turnover - (n === null ? 0 : (difference * difference) / n));
  const half = z * Math.sqrt(variance);
  return { change: difference, low: difference - half, high: difference + half, turnover };
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
