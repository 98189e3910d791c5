import { isTargetingPackageNonEmpty, type SizeBucket, type TargetingPackage } from '@murmur/core/targeting';
import { AccountSet } from '../bits/account-set';
import { andInto, andNotInto, countBits, newBits } from '../bits/bitset';
import { andPosting, orPosting } from '../bits/posting';
import { EmptyTargetingError } from '../errors';
import type { AudienceIndex } from '../index/audience-index';
import { criteriaOf } from './criteria';
import type { UnmatchedItem } from './selected';
import { sizeBucketOf } from './size-bucket';

/** An exclusion audience: another package, an evaluated set, or account numbers. */
export type Exclusion = TargetingPackage | AccountSet | ArrayLike<number>;

export interface EvaluateOptions {
  /** Audiences subtracted from the result (SPEC §9's exclusion audiences). */
  exclusions?: readonly Exclusion[];
  /** Overrides the index's scale for the population estimate. */
  scale?: number;
}

export interface Audience {
  readonly accounts: AccountSet;
  /** Accounts in the indexed sample. */
  readonly sampleCount: number;
  /** sampleCount × scale: the size shown to users (ARCHITECTURE §2). */
  readonly populationEstimate: number;
  /** SPEC §3 size bucket of the population estimate. */
  readonly sizeBucket: SizeBucket;
  readonly unmatched: readonly UnmatchedItem[];
  readonly handlesTruncated: boolean;
}

/** The package's accounts before exclusions (ARCHITECTURE §3's bitmap algebra). */
function match(index: AudienceIndex, pkg: TargetingPackage) {
  const c = criteriaOf(index, pkg);
  let bits: Uint32Array;
  if (c.hasPrimary) {
    bits = newBits(index.size);
    for (const p of c.primary) orPosting(bits, p);
    // Custom audiences may name accounts without a record; the audience is drawn from the population.
    andInto(bits, index.present);
  } else {
    bits = index.present.slice();
  }
  for (const filter of c.filters) {
    // One posting (one language, one country, …): intersect with it directly, no union to build.
    if (filter.length === 1) {
      andPosting(bits, filter[0]!, index.size);
      continue;
    }
    const allowed = newBits(index.size);
    for (const p of filter) orPosting(allowed, p);
    andInto(bits, allowed);
  }
  return { bits, criteria: c };
}

function exclusionBits(index: AudienceIndex, exclusion: Exclusion): Uint32Array | undefined {
  if (exclusion instanceof AccountSet) {
    // A set sized for another index (an older snapshot) is taken by its account numbers.
    return exclusion.size === index.size
      ? exclusion.bits
      : AccountSet.fromNumbers(index.size, exclusion.toArray()).bits;
  }
  if ('length' in exclusion) return AccountSet.fromNumbers(index.size, exclusion).bits;
  // An empty exclusion package excludes nobody (it cannot be applied, SPEC §5).
  return isTargetingPackageNonEmpty(exclusion) ? match(index, exclusion).bits : undefined;
}

/**
 * Evaluates a targeting package with X's combining rules: primary criteria unioned; location,
 * language, age, gender and operator each intersected with that union (or, without primary
 * criteria, with the whole population); deselected items left out; exclusions subtracted.
 * @throws EmptyTargetingError for a package SPEC §5 calls empty.
 */
export function evaluate(
  index: AudienceIndex,
  pkg: TargetingPackage,
  options: EvaluateOptions = {},
): Audience {
  if (!isTargetingPackageNonEmpty(pkg)) throw new EmptyTargetingError();
  const { bits, criteria } = match(index, pkg);
  for (const exclusion of options.exclusions ?? []) {
    const minus = exclusionBits(index, exclusion);
    if (minus) andNotInto(bits, minus);
  }
  const sampleCount = countBits(bits);
  const populationEstimate = Math.round(sampleCount * (options.scale ?? index.scale));
  return {
    accounts: new AccountSet(index.size, bits, sampleCount),
    sampleCount,
    populationEstimate,
    sizeBucket: sizeBucketOf(populationEstimate),
    unmatched: criteria.unmatched,
    handlesTruncated: criteria.handlesTruncated,
  };
}
