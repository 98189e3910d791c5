// The order of a shard's terms, which every shard and the single engine agree on: the merged
// dictionary ranks ties by it.
import type { TermTable } from '../postings/term-table';

/**
 * The place of a term born live (after the export a live shard was built from) in the shards' term
 * order: after every term of the export (whose keys are below 2⁵²), and among themselves by field
 * and value (MergedDictionary), as a live engine's term table lists them (term-table.ts `termsOf`):
 * an order every replica of every shard, and the single engine, agree on whatever order they
 * applied the log's partitions in.
 */
export const BORN_LIVE_ORDER = Number.MAX_SAFE_INTEGER;

/**
 * A shard's term order (BuiltShard.termOrder, kept as `terms.firstSeen`), extended for a live
 * shard's table with BORN_LIVE_ORDER for every term born live; undefined without one.
 */
export function termOrderOf(terms: TermTable): Float64Array | undefined {
  const first = terms.firstSeen;
  if (!first || first.length === terms.size || terms.liveFrom !== first.length) return first;
  const order = new Float64Array(terms.size).fill(BORN_LIVE_ORDER);
  order.set(first);
  return order;
}
