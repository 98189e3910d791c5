import { isTargetingPackageNonEmpty } from '@murmur/core/targeting';
import { AccountSet } from '../bits/account-set';
import { andNotInto, countBits } from '../bits/bitset';
import type { AudienceIndex } from '../postings/audience-index';
import { criteriaOf } from './criteria';
import type { Exclusion } from './evaluate';
import { filterMask, type FilterMask } from './filter-mask';

/**
 * mask ∖ (∪ exclusions), for counting: a scratch bitset reused across calls, holding the mask with
 * every excluded account's bit cleared. An exclusion package is applied as it matches —
 * (∪ its primary criteria) ∩ its own mask — without building its member set: its dense postings in
 * one pass over the words, its lists by clearing each listed account its mask has. Building the
 * exclusion's audience instead (a zeroed bitset, its lists set into it, a mask pass, a count) cost
 * 0.17–0.19 ms of bench:engine's 0.3–0.45 ms exclusion packages at 1 M accounts.
 */
export function withoutExclusions(
  index: AudienceIndex,
  mask: FilterMask,
  exclusions: readonly Exclusion[],
): FilterMask {
  const allowed = scratchBits(mask.bits.length);
  allowed.set(mask.bits);
  for (const exclusion of exclusions) {
    if (exclusion instanceof AccountSet && exclusion.size === index.size) andNotInto(allowed, exclusion.bits);
    else if (exclusion instanceof AccountSet) clearListed(allowed, exclusion.toArray(), undefined);
    else if ('length' in exclusion) clearListed(allowed, exclusion, undefined);
    // An empty exclusion package excludes nobody (it cannot be applied, SPEC §5).
    else if (isTargetingPackageNonEmpty(exclusion)) clearPackage(index, allowed, exclusion);
  }
  return { bits: allowed, count: countBits(allowed) };
}

function clearPackage(
  index: AudienceIndex,
  allowed: Uint32Array,
  pkg: Parameters<typeof criteriaOf>[1],
): void {
  const c = criteriaOf(index, pkg);
  const own = filterMask(index, c.filters, c.filterKey).bits;
  if (!c.hasPrimary) {
    andNotInto(allowed, own);
    return;
  }
  const dense: Uint32Array[] = [];
  for (const p of c.primary) if (p.kind === 'bits') dense.push(p.bits);
  if (dense.length > 0) {
    for (let w = 0; w < allowed.length; w++) {
      let union = 0;
      for (let d = 0; d < dense.length; d++) union |= dense[d]![w]!;
      allowed[w] = allowed[w]! & ~(union & own[w]!);
    }
  }
  for (const p of c.primary) if (p.kind === 'list') clearListed(allowed, p.list, own);
}

/** Clears the listed accounts (those `within` has, when given); numbers outside the range are ignored. */
function clearListed(
  allowed: Uint32Array,
  numbers: ArrayLike<number>,
  within: Uint32Array | undefined,
): void {
  const limit = allowed.length * 32;
  for (let i = 0; i < numbers.length; i++) {
    const x = numbers[i]!;
    if (!(x >= 0 && x < limit)) continue;
    const w = x >>> 5;
    const bit = (within === undefined ? 0xffffffff : within[w]!) & (1 << (x & 31));
    allowed[w] = allowed[w]! & ~bit;
  }
}

let scratch = new Uint32Array(0);
function scratchBits(words: number): Uint32Array {
  if (scratch.length < words) scratch = new Uint32Array(words);
  return scratch.length === words ? scratch : scratch.subarray(0, words);
}
