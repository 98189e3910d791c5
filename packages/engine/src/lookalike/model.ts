import { popcount32 } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { countFeatures, featurePosting, type FeatureSpace } from './features';

/**
 * Below this many fit-seed members (or this share of them, whichever is larger) a feature is not
 * used: a feature two seed accounts happen to share says nothing about the seed.
 */
export const MIN_SUPPORT = 3;
export const MIN_SUPPORT_SHARE = 0.01;
/** A feature is used only when the seed carries it at least this many times as often as the population. */
export const MIN_LIFT = 1.5;
/** At most this many features (the highest weights): bounds the scoring work at any seed size. */
export const MAX_FEATURES = 2_000;
/** Laplace smoothing: one pseudo-member with and one without each feature, in seed and population. */
const ALPHA = 1;

/** One feature the model uses, with the shares its weight comes from. */
export interface WeightedFeature {
  feature: number;
  /** Fit-seed members carrying it, and the share of the fit seed they are. */
  seedCount: number;
  seedShare: number;
  /** Accounts of the population (the country, else the network) carrying it, and their share. */
  populationCount: number;
  populationShare: number;
  /** ln(smoothed seed share / smoothed population share). */
  weight: number;
}

export interface LookalikeModel {
  readonly features: WeightedFeature[];
  readonly minSupport: number;
  readonly seedSize: number;
  /** weight by feature number (0 for features the model does not use). */
  readonly weights: Float32Array;
  /** Seed members carrying each feature (used or not): the baseline reads the interests' counts. */
  readonly counts: Uint32Array;
}

/** Accounts of `posting` inside `universe` (its count when the universe is the whole network). */
export function countWithin(posting: Posting, universe: Uint32Array | undefined): number {
  if (!universe) return posting.count;
  let total = 0;
  if (posting.kind === 'bits') {
    const { bits } = posting;
    for (let w = 0; w < bits.length; w++) total += popcount32(bits[w]! & universe[w]!);
    return total;
  }
  for (const n of posting.list) total += (universe[n >>> 5]! >>> (n & 31)) & 1;
  return total;
}

export const minSupportFor = (seedSize: number): number =>
  Math.max(MIN_SUPPORT, Math.ceil(seedSize * MIN_SUPPORT_SHARE));

/**
 * Fits the naive-Bayes-style log-lift model (docs/engine.md "Lookalikes"): each feature carried by
 * enough of the seed is weighted ln(P(feature | seed) / P(feature | population)), both shares
 * smoothed; features at least MIN_LIFT times as common in the seed are kept, the MAX_FEATURES
 * heaviest of them. The population is `universe` (a country's accounts) or, without one, the network
 * (`populationSize` accounts, counts read from the postings' lengths).
 */
export function fitModel(
  index: AudienceIndex,
  space: FeatureSpace,
  seed: ArrayLike<number>,
  universe: { bits: Uint32Array | undefined; size: number },
  withCountry: boolean,
): LookalikeModel {
  const counts = countFeatures(index, space, seed, withCountry);
  const features = weighFeatures(
    (visit) => {
      for (let f = 0; f < counts.length; f++) if (counts[f]! > 0) visit(f, counts[f]!);
    },
    (f) => countWithin(featurePosting(index, space, f), universe.bits),
    seed.length,
    universe.size,
  );
  const weights = new Float32Array(space.length);
  for (const f of features) weights[f.feature] = f.weight;
  return { features, minSupport: minSupportFor(seed.length), seedSize: seed.length, weights, counts };
}

/**
 * The weighing of fitModel over counts from anywhere (one index, or shards merged): `each` visits
 * every feature with its seed count, `populationCount` counts a feature's accounts in the
 * population. Features are numbered as one engine numbers them (terms, then follows), which orders
 * ties.
 */
export function weighFeatures(
  each: (visit: (feature: number, seedCount: number) => void) => void,
  populationCount: (feature: number) => number,
  seedSize: number,
  populationSize: number,
): WeightedFeature[] {
  const minSupport = minSupportFor(seedSize);
  const seedDenominator = seedSize + 2 * ALPHA;
  const popDenominator = populationSize + 2 * ALPHA;
  const features: WeightedFeature[] = [];
  each((f, seedCount) => {
    if (seedCount < minSupport) return;
    const population = populationCount(f);
    const weight = Math.log((seedCount + ALPHA) / seedDenominator / ((population + ALPHA) / popDenominator));
    if (weight < Math.log(MIN_LIFT)) return;
    features.push({
      feature: f,
      seedCount,
      seedShare: seedCount / Math.max(1, seedSize),
      populationCount: population,
      populationShare: population / Math.max(1, populationSize),
      weight,
    });
  });
  features.sort((a, b) => b.weight - a.weight || b.seedCount - a.seedCount || a.feature - b.feature);
  features.length = Math.min(features.length, MAX_FEATURES);
  return features;
}
