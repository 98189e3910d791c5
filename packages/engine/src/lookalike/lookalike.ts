import type { AccountSummary } from '@murmur/core/insights';
import { normaliseCountry } from '@murmur/core/countries';
import type { AccountSet } from '../bits/account-set';
import { andInto, countBits, hasBit, newBits, setAll } from '../bits/bitset';
import { postingToBits } from '../bits/posting';
import { accountSummary } from '../insights/account-summary';
import type { AudienceIndex } from '../postings/audience-index';
import { featurePosting, featureSpace, type FeatureSpace } from './features';
import { splitSeed } from './holdout';
import { fitModel, type LookalikeModel, type WeightedFeature } from './model';
import { addPosting, rankCandidates } from './rank';
import { reasonOf, reasonsFor, type LookalikeReason } from './reasons';

/** Sizes offered, in percent of the population (a country's accounts, else the network's). */
export const LOOKALIKE_SIZES = [1, 5, 10] as const;
export type LookalikePercent = (typeof LOOKALIKE_SIZES)[number];
/** A seed below this many indexed members cannot be split and fitted meaningfully. */
export const LOOKALIKE_MIN_SEED = 10;
/** Accounts of the result shown with their reasons. */
export const LOOKALIKE_SAMPLES = 20;
/** The model's heaviest features shown as what it learnt from the seed. */
export const TOP_FEATURES = 10;

export interface LookalikeOptions {
  /** ISO code or name of the country whose accounts are the candidates; none: the whole network. */
  country?: string | undefined;
  /** Percents of the population (default 1, 5 and 10). */
  sizes?: readonly LookalikePercent[] | undefined;
  /** Accounts sampled with reasons (default LOOKALIKE_SAMPLES). */
  samples?: number | undefined;
  /** Whether to hold out part of the seed and measure recall (default true; saving skips it). */
  evaluate?: boolean | undefined;
}

export interface LookalikeSize {
  percent: LookalikePercent;
  /** Accounts wanted: percent × population (sample counts, like every count here). */
  target: number;
  /** Accounts ranked at this size: at most target, fewer when fewer resemble the seed at all. */
  count: number;
  /** Held-out seed members ranked within the size ÷ held-out members in the population (null: none). */
  recall: number | null;
  /** The same for the baseline (shared interests with the seed's interests only). */
  baselineRecall: number | null;
}

export interface LookalikeSample {
  account: AccountSummary;
  /** 1-based position in the ranking. */
  rank: number;
  score: number;
  reasons: LookalikeReason[];
}

export interface Lookalike {
  method: 'log-lift';
  /** The country's ISO code, null for the whole network. */
  country: string | null;
  /** Accounts the sizes are a percent of, and the candidates are drawn from. */
  population: number;
  seed: {
    size: number;
    /** Seed members inside the population (the others are not candidates anyway). */
    inPopulation: number;
    fit: number;
    heldOut: number;
    /** Held-out members inside the population: the denominator of recall. */
    heldOutInPopulation: number;
  };
  /** Fewest seed members a feature needs to be used (in the model fitted on the whole seed). */
  minSupport: number;
  featuresUsed: number;
  /** The heaviest features of the model fitted on the whole seed. */
  features: LookalikeReason[];
  sizes: LookalikeSize[];
  samples: LookalikeSample[];
  /** The ranking from the whole seed, best first, as long as the largest size allows. */
  ranked: Uint32Array;
  ms: number;
}

/** The candidates' bitset: a country's accounts, or every account. */
export function universeOf(index: AudienceIndex, country: string | undefined) {
  if (country === undefined) return { code: null, bits: index.present, restricted: false };
  const code = normaliseCountry(country)?.code;
  if (code === undefined) throw new RangeError(`Unknown country: ${country}`);
  const term = index.terms.find('country', code);
  const bits = term === undefined ? newBits(index.size) : postingToBits(index.postings.get(term), index.size);
  andInto(bits, index.present);
  return { code, bits, restricted: true };
}

function scoresOf(
  index: AudienceIndex,
  space: FeatureSpace,
  features: readonly { feature: number; weight: number }[],
  universe: Uint32Array,
): Float32Array {
  const scores = new Float32Array(index.size);
  for (const f of features) addPosting(scores, featurePosting(index, space, f.feature), universe, f.weight);
  return scores;
}

const hitsIn = (ranked: Uint32Array, count: number, heldOut: Uint32Array): number => {
  let hits = 0;
  for (let i = 0; i < count; i++) if (hasBit(heldOut, ranked[i]!)) hits++;
  return hits;
};

/**
 * Ranks the accounts of a country (or the network) outside `seed` by their resemblance to it
 * (docs/engine.md "Lookalikes"): a naive-Bayes-style log-lift score over the features the engine
 * indexes — followed accounts, interests, conversation topics, movies/TV, bio and post words,
 * hashtags, language (and country without one). On every build a deterministic 20 % of the seed is
 * held out, the model fitted on the rest, and the recall of the held-out part is measured at each
 * size beside a baseline of shared interests only; then the model is fitted on the whole seed for
 * the ranking itself. Counts are sample counts (× scale for real accounts).
 * @throws RangeError for an unknown country or a seed below LOOKALIKE_MIN_SEED members.
 */
export function lookalike(index: AudienceIndex, seed: AccountSet, options: LookalikeOptions = {}): Lookalike {
  const started = performance.now();
  const members = seed.toArray();
  if (members.length < LOOKALIKE_MIN_SEED) {
    throw new RangeError(`A lookalike needs a seed of at least ${LOOKALIKE_MIN_SEED} indexed accounts.`);
  }
  const space = featureSpace(index);
  const universe = universeOf(index, options.country);
  const withCountry = !universe.restricted;
  const population = countBits(universe.bits);
  const popInput = { bits: universe.restricted ? universe.bits : undefined, size: population };
  const percents = [...new Set(options.sizes ?? LOOKALIKE_SIZES)].sort((a, b) => a - b);
  const targets = percents.map((p) => Math.round((population * p) / 100));
  const longest = Math.max(0, ...targets);
  const inUniverse = (list: Uint32Array) => list.reduce((k, n) => k + (hasBit(universe.bits, n) ? 1 : 0), 0);

  const keys = index.accounts.sampleKey;
  const { fit, heldOut } = splitSeed(members, (n) => keys[n]!);
  const heldOutInPopulation = inUniverse(heldOut);
  let evaluation = percents.map(() => ({
    recall: null as number | null,
    baselineRecall: null as number | null,
  }));
  if (options.evaluate !== false && heldOutInPopulation > 0) {
    const fitBits = newBits(index.size);
    setAll(fitBits, fit, index.size);
    const heldOutBits = newBits(index.size);
    setAll(heldOutBits, heldOut, index.size);
    const model = fitModel(index, space, fit, popInput, withCountry);
    const ranked = rankCandidates(
      scoresOf(index, space, model.features, universe.bits),
      universe.bits,
      fitBits,
      longest,
    );
    const baseline = rankCandidates(
      scoresOf(index, space, baselineFeatures(index, model), universe.bits),
      universe.bits,
      fitBits,
      longest,
    );
    evaluation = targets.map((target) => ({
      recall: hitsIn(ranked, Math.min(target, ranked.length), heldOutBits) / heldOutInPopulation,
      baselineRecall: hitsIn(baseline, Math.min(target, baseline.length), heldOutBits) / heldOutInPopulation,
    }));
  }

  const model = fitModel(index, space, members, popInput, withCountry);
  const scores = scoresOf(index, space, model.features, universe.bits);
  const ranked = rankCandidates(scores, universe.bits, seed.bits, longest);
  const byFeature = new Map<number, WeightedFeature>(model.features.map((f) => [f.feature, f]));
  const reasons = reasonsFor(index, space, model, byFeature, withCountry, {
    seed: seed.bits,
    seedSize: members.length,
    population: universe.bits,
    populationSize: population,
  });
  const sampleCount = Math.min(options.samples ?? LOOKALIKE_SAMPLES, ranked.length);
  // Spread over the whole ranking: the tail of a 10 % lookalike is what a buyer most needs to see.
  const samples = Array.from({ length: sampleCount }, (_, i) => {
    const at = Math.floor((i * ranked.length) / sampleCount);
    const n = ranked[at]!;
    return { account: accountSummary(index, n), rank: at + 1, score: scores[n]!, reasons: reasons(n) };
  });

  return {
    method: 'log-lift',
    country: universe.code,
    population,
    seed: {
      size: members.length,
      inPopulation: inUniverse(members),
      fit: fit.length,
      heldOut: heldOut.length,
      heldOutInPopulation,
    },
    minSupport: model.minSupport,
    featuresUsed: model.features.length,
    features: model.features.slice(0, TOP_FEATURES).map((f) => reasonOf(index, space, f)),
    sizes: percents.map((percent, i) => ({
      percent,
      target: targets[i]!,
      count: Math.min(targets[i]!, ranked.length),
      ...evaluation[i]!,
    })),
    samples,
    ranked,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * The baseline the model must beat: "same interests only". The seed's interest profile is the share
 * of the fit seed holding each interest (those held by at least minSupport of it); a candidate's
 * score is the sum of the profile's shares over the interests it holds — the interests it has in
 * common with the seed, the seed's most common ones weighing most.
 */
export function baselineFeatures(
  index: AudienceIndex,
  model: LookalikeModel,
): { feature: number; weight: number }[] {
  const out: { feature: number; weight: number }[] = [];
  for (const term of index.terms.termsOf('interest')) {
    const count = model.counts[term] ?? 0;
    if (count >= model.minSupport) out.push({ feature: term, weight: count / model.seedSize });
  }
  return out;
}
