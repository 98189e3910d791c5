import { hasBit, popcount32 } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import { accountSummary } from '../insights/account-summary';
import { termLabel } from '../insights/labels';
import type { AudienceIndex } from '../postings/audience-index';
import { featureKind, featurePosting, featureVisitor, type FeatureKind, type FeatureSpace } from './features';
import type { LookalikeModel, WeightedFeature } from './model';

/** Reasons shown per sampled account. */
export const REASONS_PER_ACCOUNT = 3;

/**
 * Why an account was chosen: one feature it shares with the seed, or the two accounts it follows
 * that weigh most in its score together, as structured data the screens render ("follows @a and @b
 * like 62 % of the seed", "writes about #x"). Shares are of the seed and of the population (the
 * country, else the network); for a combination, of the accounts carrying every feature of it.
 */
export interface LookalikeReason {
  kind: FeatureKind;
  /** The X id of a followed account; else the term as indexed (a catalogue value, a word, a code). */
  value: string;
  /** What users read: `@handle`, the catalogue name, `#tag`, the word, the country's name. */
  label: string;
  /** The other followed accounts of a combination ("follows @a and @b"); empty for one feature. */
  also: { value: string; label: string }[];
  seedShare: number;
  populationShare: number;
  /** seedShare ÷ populationShare, smoothed as the weight is (e^weight). */
  lift: number;
}

export function reasonOf(index: AudienceIndex, space: FeatureSpace, f: WeightedFeature): LookalikeReason {
  const kind = featureKind(index, space, f.feature) ?? 'bio_word';
  let value: string;
  let label: string;
  if (kind === 'follows') {
    const who = accountSummary(index, f.feature - space.terms);
    value = who.id;
    label = `@${who.handle}`;
  } else {
    value = index.terms.value(f.feature);
    label = termLabel(index, f.feature);
  }
  return {
    kind,
    value,
    label,
    also: [],
    seedShare: f.seedShare,
    populationShare: f.populationShare,
    lift: Math.exp(f.weight),
  };
}

/** Whether account n carries the posting's feature (lists are sorted). */
function carries(posting: Posting, n: number): boolean {
  if (posting.kind === 'bits') return hasBit(posting.bits, n);
  let lo = 0;
  let hi = posting.list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = posting.list[mid]!;
    if (at === n) return true;
    if (at < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Accounts of `within` carrying both features, exactly. */
export function jointCount(a: Posting, b: Posting, within: Uint32Array): number {
  if (a.kind === 'bits' && b.kind === 'bits') {
    let total = 0;
    for (let w = 0; w < within.length; w++) total += popcount32(a.bits[w]! & b.bits[w]! & within[w]!);
    return total;
  }
  const [list, other] = a.kind === 'list' ? [a.list, b] : [(b as { list: Uint32Array }).list, a];
  let total = 0;
  for (const n of list) if (hasBit(within, n) && carries(other, n)) total++;
  return total;
}

/** Where a combination's shares are counted: the seed the model was fitted on and the population. */
export interface ReasonGroups {
  seed: Uint32Array;
  seedSize: number;
  population: Uint32Array;
  populationSize: number;
}

/**
 * "Follows @a and @b": the two followed accounts of an account's reasons as one reason, with the
 * shares of the seed and of the population following both (smoothed lift, as the weights are).
 * Undefined when following both is not what sets the seed apart (fewer than the model's support, or
 * no more common in the seed than in the population): the two are then said one by one.
 */
function followsBoth(
  index: AudienceIndex,
  space: FeatureSpace,
  groups: ReasonGroups,
  minSupport: number,
  pair: readonly [WeightedFeature, WeightedFeature],
): LookalikeReason | undefined {
  const a = featurePosting(index, space, pair[0].feature);
  const b = featurePosting(index, space, pair[1].feature);
  const inSeed = jointCount(a, b, groups.seed);
  const inPopulation = jointCount(a, b, groups.population);
  const seedShare = inSeed / groups.seedSize;
  const populationShare = groups.populationSize > 0 ? inPopulation / groups.populationSize : 0;
  if (inSeed < minSupport || seedShare <= populationShare) return undefined;
  const other = reasonOf(index, space, pair[1]);
  return {
    ...reasonOf(index, space, pair[0]),
    also: [{ value: other.value, label: other.label }],
    seedShare,
    populationShare,
    lift: (inSeed + 1) / (groups.seedSize + 2) / ((inPopulation + 1) / (groups.populationSize + 2)),
  };
}

/**
 * The REASONS_PER_ACCOUNT heaviest features an account shares with the model: the terms of its
 * score that weigh most (ties: the feature more of the seed carries). When two of them are followed
 * accounts, they are said together, with how much of the seed follows both (the "follows @a
 * and @b like 62 % of the seed"), in the place of the heavier one.
 */
export function reasonsFor(
  index: AudienceIndex,
  space: FeatureSpace,
  model: LookalikeModel,
  byFeature: ReadonlyMap<number, WeightedFeature>,
  withCountry: boolean,
  groups: ReasonGroups,
): (n: number) => LookalikeReason[] {
  const visitor = featureVisitor(index, space, withCountry);
  return (n) => {
    const found: WeightedFeature[] = [];
    visitor(n, (f) => {
      if (model.weights[f]! <= 0) return;
      const w = byFeature.get(f);
      if (w && !found.includes(w)) found.push(w);
    });
    found.sort((a, b) => b.weight - a.weight || b.seedCount - a.seedCount || a.feature - b.feature);
    const [first, second] = found.filter((f) => f.feature >= space.terms);
    const both =
      first && second ? followsBoth(index, space, groups, model.minSupport, [first, second]) : undefined;
    return pickReasons(found, first, second, both, (f) => reasonOf(index, space, f));
  };
}

/**
 * An account's reasons from its features, strongest first: "follows @a and @b" (`both`) in place of
 * the two accounts it names, a hashtag and the same word of its posts said once, at most
 * REASONS_PER_ACCOUNT. Shared by one engine and the shards' merge, so both say the same.
 */
export function pickReasons(
  found: readonly WeightedFeature[],
  first: WeightedFeature | undefined,
  second: WeightedFeature | undefined,
  both: LookalikeReason | undefined,
  reasonOf: (f: WeightedFeature) => LookalikeReason,
): LookalikeReason[] {
  const out: LookalikeReason[] = [];
  const said = new Set<string>();
  for (const f of found) {
    if (both && f === second) continue;
    const reason = both && f === first ? both : reasonOf(f);
    // A hashtag is also a word of its post: "writes about #x" once, not twice.
    const key = reason.kind === 'hashtag' || reason.kind === 'post_word' ? `post:${reason.value}` : '';
    if (key && said.has(key)) continue;
    if (key) said.add(key);
    out.push(reason);
    if (out.length === REASONS_PER_ACCOUNT) break;
  }
  return out;
}
