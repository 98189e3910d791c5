import { wilsonInterval, Z_95 } from './interval';
import type { EstimateFigure } from './figure';

/**
 * Where the engine's accounts come from and how many real accounts each stands for
 * (docs/decisions/006-sampling-model.md): X's firehose sees every account (rate 1), a 10 % sample
 * one in ten (rate 10), the sandbox one in its `scale`.
 */
export type SamplingSource =
  { kind: 'firehose' } | { kind: 'sample'; percent: number } | { kind: 'sandbox'; scale: number };

/** Real accounts per sampled account for a source. */
export function samplingRate(source: SamplingSource): number {
  switch (source.kind) {
    case 'firehose':
      return 1;
    case 'sample':
      if (!(source.percent > 0 && source.percent <= 100)) {
        throw new RangeError(`a sample's percent must be in (0, 100], got ${source.percent}`);
      }
      return 100 / source.percent;
    case 'sandbox':
      if (!(source.scale >= 1)) throw new RangeError(`the sandbox's scale must be ≥ 1, got ${source.scale}`);
      return source.scale;
  }
}

/** A sample as an estimate needs it: its size and the rate it was drawn at. */
export interface Sampling {
  /**
   * Accounts in the sample (the engine's index); null when not known here (the engine is still
   * loading): the interval is then Wilson's limit for a sample much larger than the count.
   */
  sampleSize: number | null;
  /** Real accounts per sampled account (samplingRate). */
  rate: number;
}

/**
 * The population estimate of an audience of `sampleCount` sampled accounts: the count × the rate,
 * with the 95 % interval of the share it is of the sample (Wilson) scaled to the population the
 * sample stands for. The low bound is rounded down and the high bound up, so the interval is never
 * narrower than the model says; the value is the count × rate rounded, as the engine has always
 * shown it.
 */
export function populationEstimate(sampleCount: number, sampling: Sampling): EstimateFigure {
  const { sampleSize, rate } = sampling;
  if (!(rate > 0) || !Number.isFinite(rate))
    throw new RangeError(`the sampling rate must be > 0, got ${rate}`);
  if (!Number.isInteger(sampleCount) || sampleCount < 0) {
    throw new RangeError(`a sample count is a whole number ≥ 0, got ${sampleCount}`);
  }
  const value = Math.round(sampleCount * rate);
  let lowCount: number;
  let highCount: number;
  let trials: number | null = null;
  if (sampleSize === null) {
    [lowCount, highCount] = wilsonCountLimit(sampleCount);
  } else {
    // A count above the sample size (a stored config from a larger index) is held at the size.
    trials = Math.max(sampleSize, sampleCount);
    const { low, high } = wilsonInterval(sampleCount, trials, Z_95);
    [lowCount, highCount] = [low * trials, high * trials];
  }
  return {
    kind: 'estimate',
    value,
    low: Math.min(value, Math.floor(lowCount * rate)),
    high: Math.max(value, Math.ceil(highCount * rate)),
    sample: sampleCount,
    sample_size: trials,
    rate,
  };
}

/**
 * Wilson's interval of a count as the sample grows without bound at a fixed count:
 * k + z²/2 ± z·√(k + z²/4) (the interval's bounds × n, in the limit n → ∞).
 */
export function wilsonCountLimit(count: number, z: number = Z_95): [number, number] {
  const z2 = z * z;
  const centre = count + z2 / 2;
  const half = z * Math.sqrt(count + z2 / 4);
  return [count === 0 ? 0 : Math.max(0, centre - half), centre + half];
}

/**
 * The sampling a stored estimate was made with when only the estimate and its count were kept:
 * the rate is their ratio (the engine's scale at the time), the sample size the engine's now.
 */
export function samplingOfStored(
  size: number,
  sampleCount: number,
  sampleSize: number | null,
  fallbackRate: number,
): Sampling {
  const rate = sampleCount > 0 && size > 0 ? size / sampleCount : fallbackRate;
  return { sampleSize, rate };
}

/**
 * The estimate behind a stored scaled size of the same sample (a config's core audience or
 * pro-targeting size, kept as count × rate only): the count is recovered from the rate, the stored
 * value is kept, and the interval is widened, if need be, to hold it.
 */
export function estimateOfStored(value: number, sampling: Sampling): EstimateFigure {
  const stored = Math.max(0, Math.round(value));
  const figure = populationEstimate(Math.round(stored / sampling.rate), sampling);
  return { ...figure, value: stored, low: Math.min(figure.low, stored), high: Math.max(figure.high, stored) };
}
