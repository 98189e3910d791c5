import { countBits, wordsFor } from '../bits/bitset';
import type { Posting } from '../bits/posting';
import type { AudienceIndex } from '../postings/audience-index';
import { buildMask } from './mask-build';
import { memoFor, type IndexMemo } from './memo';

/** Accounts an estimate may count: present ∩ (∪ filter 1) ∩ (∪ filter 2) …, and how many they are. */
export interface FilterMask {
  readonly bits: Uint32Array;
  readonly count: number;
}

/**
 * Masks kept per index: MASKS_HELD of them whatever the index's size, in at least 32 MB. A byte
 * budget alone held 256 masks at 1 M accounts but 25 at 10 M (1.25 MB each), fewer than the
 * restrictions in rotation (109 in bench:engine's mix), so every estimate rebuilt its mask: the
 * 10 M run's p50 of 15 ms was that path. At 10 M the memo may hold 320 MB per thread that counts.
 */
export const MASKS_HELD = 256;
const MIN_MASK_BYTES = 32 * 1024 * 1024;
export const filterMaskBudget = (size: number): number =>
  Math.max(MIN_MASK_BYTES, MASKS_HELD * wordsFor(size) * 4);
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
  const memo = memoFor(masks, index, filterMaskBudget(index.size), MAX_MASKS);
  const known = memo.get(key);
  if (known) return known;
  const mask =
    filters.length === 0
      ? { bits: index.present, count: countBits(index.present) }
      : buildMask(index.size, index.present, filters);
  return memo.set(key, mask, filters.length === 0 ? 0 : mask.bits.byteLength);
}
