/**
 * Whether a share moved between two measurements (docs/decisions/006-sampling-model.md, "Change
 * over time"): a two-proportion z-test per item, and Benjamini–Hochberg's false-discovery control
 * across every item of a comparison, so that a screen listing "what changed" among hundreds of
 * values shows few changes that are noise.
 *
 * The test treats the two measurements as independent samples. Two points of one audience share
 * most of their members, which makes the real variance of the difference smaller than the test
 * assumes: the test is conservative (it misses some small real changes rather than inventing some).
 */

/** The standard normal distribution function, through erfc below. */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** Complementary error function (Numerical Recipes' erfc Chebyshev fit, relative error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export interface ProportionTest {
  /** k2/n2 − k1/n1. */
  difference: number;
  /** Two-sided p-value of "no change" (1 when either side has no trials or the pooled share is 0 or 1). */
  p: number;
}

/** The pooled two-proportion z-test of k1 of n1 against k2 of n2. */
export function twoProportionTest(k1: number, n1: number, k2: number, n2: number): ProportionTest {
  for (const [k, n] of [
    [k1, n1],
    [k2, n2],
  ] as const) {
    if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n) {
      throw new RangeError(`twoProportionTest needs whole counts with k ≤ n, got ${k} of ${n}`);
    }
  }
  if (n1 === 0 || n2 === 0) return { difference: 0, p: 1 };
  const p1 = k1 / n1;
  const p2 = k2 / n2;
  const pooled = (k1 + k2) / (n1 + n2);
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  if (variance === 0) return { difference: p2 - p1, p: 1 };
  const z = (p2 - p1) / Math.sqrt(variance);
  return { difference: p2 - p1, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

/**
 * Benjamini–Hochberg adjusted p-values (q-values), in the order given: an item whose q is below α
 * is a discovery at a false-discovery rate of α across all of them.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const q = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const { p, i } = order[rank - 1]!;
    running = Math.min(running, (p * m) / rank);
    q[i] = running;
  }
  return q;
}

/** The false-discovery rate a change must pass to be shown. */
export const CHANGE_FDR = 0.05;
