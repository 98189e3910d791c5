/**
 * The 95 % interval of a share measured on a sample (docs/decisions/006-sampling-model.md).
 *
 * Wilson's score interval rather than the normal ("Wald") one: audiences are often a small share
 * of the sample and sometimes a handful of accounts, where p ± z·√(p(1−p)/n) goes below zero and
 * claims no uncertainty at all for 0 or n successes. Wilson stays inside [0, 1], is honest at 0
 * and n, and is closed-form (no resampling, so the same inputs always give the same interval).
 */

/** The normal quantile for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface ShareInterval {
  /** successes / trials (0 when there are no trials). */
  share: number;
  low: number;
  high: number;
}

/** Wilson's score interval of `successes` out of `trials` at the confidence `z` gives. */
export function wilsonInterval(successes: number, trials: number, z: number = Z_95): ShareInterval {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || trials < 0) {
    throw new RangeError(`wilsonInterval needs whole counts, got ${successes} of ${trials}`);
  }
  if (successes < 0 || successes > trials) {
    throw new RangeError(`wilsonInterval: ${successes} successes is outside 0..${trials}`);
  }
  // No trials: nothing is known, the share may be anything.
  if (trials === 0) return { share: 0, low: 0, high: 1 };
  const n = trials;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At 0 and n the bound is exactly 0 or 1; the arithmetic would leave a rounding residue.
  const low = successes === 0 ? 0 : Math.max(0, centre - half);
  const high = successes === n ? 1 : Math.min(1, centre + half);
  return { share: p, low, high };
}
