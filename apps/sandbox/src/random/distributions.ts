import type { Rng } from './prng';

/**
 * Continuous Pareto deviate with P(X > x) = (xmin / x)^alpha. Used for account fitness: an in-degree
 * proportional to fitness then has a density tail exponent of alpha + 1.
 */
export function pareto(rng: Rng, xmin: number, alpha: number): number {
  return xmin * Math.pow(1 - rng.float(), -1 / alpha);
}

/** Log-normal deviate with the given median and log-space standard deviation. */
export function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * rng.normal());
}

/** Exponential deviate with the given mean. */
export function exponential(rng: Rng, mean: number): number {
  return -mean * Math.log(1 - rng.float());
}

/**
 * Poisson deviate. Knuth's product method below 30 (exact); above it a rounded normal approximation,
 * which is indistinguishable at the sizes we draw and keeps the cost constant.
 */
export function poisson(rng: Rng, lambda: number): number {
  if (lambda <= 0) return 0;
  if (lambda < 30) {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = rng.float();
    while (p > limit) {
      k++;
      p *= rng.float();
    }
    return k;
  }
  return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * rng.normal()));
}

/** Index drawn from a small list of non-negative weights (linear scan; use AliasTable for big lists). */
export function weightedIndex(rng: Rng, weights: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i]!;
  let r = rng.float() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] ?? 0;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** k distinct indices from [0, n) (Floyd's algorithm), in draw order. */
export function sampleDistinct(rng: Rng, n: number, k: number): number[] {
  const chosen = new Set<number>();
  const out: number[] = [];
  for (let j = n - Math.min(k, n); j < n; j++) {
    const t = rng.int(j + 1);
    const pick = chosen.has(t) ? j : t;
    chosen.add(pick);
    out.push(pick);
  }
  return out;
}
