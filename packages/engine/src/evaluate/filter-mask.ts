import { countBits } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../index/audience-index';
import { buildMask } from './mask-build';
import { memoFor, type IndexMemo } from './memo';

/** Accounts an estimate may count: present ∩ (∪ filter 1) ∩ (∪ filter 2) …, and how many they are. */
export interface FilterMask {
  readonly bits: Uint32Array;
  readonly count: number;
}

/** Bytes of masks kept per index (at 1 M accounts a mask is 125 KB: about 250 of them). */
export const FILTER_MASK_BYTES = 32 * 1024 * 1024;
const MAX_MASKS = 1024;
const masks = new WeakMap<AudienceIndex, IndexMemo<FilterMask>>();

/**
 * The demographic restriction of a package as one bitset, built once per distinct restriction and
 * index: an estimate then intersects its primary criteria with a single mask instead of unioning
 * every age band and language again for each keystroke. `key` identifies the filters' terms
 * (Criteria.filterKey); postings never change after the index is built, so a mask cannot go stale.
 */
export function filterMask(
  index: AudienceIndex,
  filters: readonly (readonly Posting[])[],
  key: string,
): FilterMask {
  const memo = memoFor(masks, index, FILTER_MASK_BYTES, MAX_MASKS);
  const known = memo.get(key);
  if (known) return known;
  const mask =
    filters.length === 0
      ? { bits: index.present, count: countBits(index.present) }
      : buildMask(index.size, index.present, filters);
  return memo.set(key, mask, filters.length === 0 ? 0 : mask.bits.byteLength);
}
