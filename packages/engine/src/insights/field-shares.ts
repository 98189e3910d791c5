import type { Share } from '@murmur/core/insights';
import type { Field } from '../index/fields';
import { topK } from '../util/top-k';
import type { InsightContext } from './context';
import { termLabel } from './labels';
import { shareOf } from './share';

/**
 * The top values of one field by member count, with shares and affinities. `base` is the number of
 * members the counts cover (all members for columns, the analysed sample for rows).
 */
export function fieldShares(
  ctx: InsightContext,
  field: Field,
  counts: Uint32Array,
  base: number,
  limit = ctx.options.top,
): Share[] {
  const { index } = ctx;
  const best = topK(index.terms.termsOf(field), (t) => counts[t]!, limit);
  return best.map((t) =>
    shareOf(
      index.terms.value(t),
      termLabel(index, t),
      counts[t]!,
      base,
      index.postings.count(t),
      index.population,
    ),
  );
}

/** Like fieldShares, ranked by affinity among values held by at least `minShare` of the members. */
export function distinctiveShares(
  ctx: InsightContext,
  field: Field,
  counts: Uint32Array,
  base: number,
  minShare = 0.01,
  limit = ctx.options.top,
): Share[] {
  const { index } = ctx;
  const floor = Math.max(2, Math.ceil(base * minShare));
  const ratio = (t: number) => {
    const count = counts[t]!;
    return count < floor ? 0 : count / Math.max(1, index.postings.count(t));
  };
  const best = topK(index.terms.termsOf(field), ratio, limit);
  return best.map((t) =>
    shareOf(
      index.terms.value(t),
      termLabel(index, t),
      counts[t]!,
      base,
      index.postings.count(t),
      index.population,
    ),
  );
}
