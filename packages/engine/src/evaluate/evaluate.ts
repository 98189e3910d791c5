import { isTargetingPackageNonEmpty, type SizeBucket, type TargetingPackage } from '@murmur/core/targeting';
import { AccountSet } from '../bits/account-set';
import { andInto, andNotInto, countBits, hasBit, newBits, popcount32 } from '../bits/bitset';
import { andPosting, orPosting, type Posting } from '../bits/posting';
import { EmptyTargetingError } from '../errors';
import type { AudienceIndex } from '../index/audience-index';
import { criteriaOf, type Criteria } from './criteria';
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

/** An audience's size without its members. */
export type AudienceCount = Omit<Audience, 'accounts'>;

/**
 * The size `evaluate` would give, without building the member set when it can be avoided: when every
 * primary posting is a short list (a rare keyword, a small following), the candidates are tested one
 * by one against the filters (O(candidates × filters)) instead of running the bitmap algebra over all
 * N/32 words of several bitsets. When every posting is a bitset (common words, languages, age
 * bands), the union, the filters and the count are fused into one pass over the words with no set
 * allocated. Packages with exclusions go through `evaluate`.
 * @throws EmptyTargetingError for a package SPEC §5 calls empty.
 */
export function countAudience(
  index: AudienceIndex,
  pkg: TargetingPackage,
  options: EvaluateOptions = {},
): AudienceCount {
  if (!isTargetingPackageNonEmpty(pkg)) throw new EmptyTargetingError();
  if ((options.exclusions?.length ?? 0) === 0) {
    const criteria = criteriaOf(index, pkg);
    const sampleCount = sparseCount(index, criteria) ?? fusedCount(index, criteria);
    const populationEstimate = Math.round(sampleCount * (options.scale ?? index.scale));
    return {
      sampleCount,
      populationEstimate,
      sizeBucket: sizeBucketOf(populationEstimate),
      unmatched: criteria.unmatched,
      handlesTruncated: criteria.handlesTruncated,
    };
  }
  const { accounts: _accounts, ...count } = evaluate(index, pkg, options);
  return count;
}

/** Candidates beyond size / SPARSE_RATIO make the bitmap algebra the cheaper way. */
const SPARSE_RATIO = 64;

function sparseCount(index: AudienceIndex, c: Criteria): number | undefined {
  if (!c.hasPrimary) return undefined;
  let total = 0;
  for (const p of c.primary) {
    if (p.kind !== 'list') return undefined;
    total += p.count;
  }
  if (total * SPARSE_RATIO > index.size) return undefined;
  const candidates = unionOfLists(c.primary as Extract<Posting, { kind: 'list' }>[], total);
  let count = 0;
  for (let i = 0; i < candidates.length; i++) {
    const n = candidates[i]!;
    if (!hasBit(index.present, n)) continue;
    if (passesFilters(c.filters, n)) count++;
  }
  return count;
}

/** The distinct account numbers of sorted lists (one list is used as it is). */
function unionOfLists(lists: Extract<Posting, { kind: 'list' }>[], total: number): ArrayLike<number> {
  if (lists.length === 1) return lists[0]!.list.subarray(0, lists[0]!.count);
  if (lists.length === 2) return mergeTwo(lists[0]!, lists[1]!, total);
  const all = new Uint32Array(total);
  let at = 0;
  for (const p of lists) {
    all.set(p.list.subarray(0, p.count), at);
    at += p.count;
  }
  all.sort();
  let distinct = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[distinct++] = all[i]!;
  return all.subarray(0, distinct);
}

function postingHas(p: Posting, n: number): boolean {
  if (p.kind === 'bits') return hasBit(p.bits, n);
  // Sorted list: binary search.
  let lo = 0;
  let hi = p.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = p.list[mid]!;
    if (v === n) return true;
    if (v < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * One pass: for each word, (∪ primaries) ∩ present ∩ (∪ each filter), popcounted. Short lists of a
 * criterion type are first set into one scratch bitset, so no N-sized set is built per posting.
 */
function fusedCount(index: AudienceIndex, c: Criteria): number {
  const primary = denseOf(c.primary, index.size);
  // Primary criteria that match nothing give nobody, not the filtered population.
  if (c.hasPrimary && primary.length === 0) return 0;
  const filters = c.filters.map((filter) => denseOf(filter, index.size));
  const present = index.present;
  let count = 0;
  for (let w = 0; w < present.length; w++) {
    let v = present[w]!;
    if (primary.length > 0) {
      let union = 0;
      for (let i = 0; i < primary.length; i++) union |= primary[i]![w]!;
      v &= union;
    }
    for (let f = 0; f < filters.length && v !== 0; f++) {
      const filter = filters[f]!;
      let union = 0;
      for (let i = 0; i < filter.length; i++) union |= filter[i]![w]!;
      v &= union;
    }
    if (v !== 0) count += popcount32(v);
  }
  return count;
}

/** A criterion type's postings as bitsets: the dense ones as they are, the lists set into one scratch set. */
function denseOf(postings: readonly Posting[], size: number): Uint32Array[] {
  const bits: Uint32Array[] = [];
  let scratch: Uint32Array | undefined;
  for (const p of postings) {
    if (p.kind === 'bits') bits.push(p.bits);
    else if (p.count > 0) {
      scratch ??= newBits(size);
      const list = p.list;
      for (let i = 0; i < p.count; i++) {
        const n = list[i]!;
        scratch[n >>> 5]! |= 1 << (n & 31);
      }
    }
  }
  if (scratch) bits.push(scratch);
  return bits;
}

/** Whether account n is in at least one posting of every filter. */
function passesFilters(filters: readonly (readonly Posting[])[], n: number): boolean {
  for (let f = 0; f < filters.length; f++) {
    const filter = filters[f]!;
    let found = false;
    for (let i = 0; i < filter.length && !found; i++) found = postingHas(filter[i]!, n);
    if (!found) return false;
  }
  return true;
}

/** The distinct numbers of two sorted lists, merged. */
function mergeTwo(
  a: Extract<Posting, { kind: 'list' }>,
  b: Extract<Posting, { kind: 'list' }>,
  total: number,
): Uint32Array {
  const out = new Uint32Array(total);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.count && j < b.count) {
    const x = a.list[i]!;
    const y = b.list[j]!;
    if (x < y) {
      out[k++] = x;
      i++;
    } else if (y < x) {
      out[k++] = y;
      j++;
    } else {
      out[k++] = x;
      i++;
      j++;
    }
  }
  while (i < a.count) out[k++] = a.list[i++]!;
  while (j < b.count) out[k++] = b.list[j++]!;
  return out.subarray(0, k);
}
