import { CATEGORICAL_FIELDS } from '../index/fields';
import type { Csr } from '../index/csr';
import type { InsightContext } from './context';

function countRows(csr: Csr, members: Uint32Array, terms: number): Uint32Array {
  const counts = new Uint32Array(terms);
  const { offsets, data } = csr;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    for (let k = offsets[m]!; k < offsets[m + 1]!; k++) counts[data[k]!]!++;
  }
  return counts;
}

/** Fields some panel shows (metro and kind are indexed for targeting only). */
const SHOWN = CATEGORICAL_FIELDS.filter((f) => f !== 'metro' && f !== 'kind');

/**
 * Adds, for each member, one to `lanes[(column[member] << 2) | lane]`: four interleaved histograms
 * (summed by the caller). A single histogram makes runs of the same value (a gender, a language) a
 * chain of read-modify-writes on one counter, each waiting for the last; four lanes let four
 * increments overlap. About twice as fast over millions of members.
 */
function countColumn(lanes: Uint32Array, column: Uint32Array, members: Uint32Array): void {
  const n = members.length;
  const whole = n & ~3;
  let i = 0;
  for (; i < whole; i += 4) {
    lanes[column[members[i]!]! << 2]!++;
    lanes[(column[members[i + 1]!]! << 2) | 1]!++;
    lanes[(column[members[i + 2]!]! << 2) | 2]!++;
    lanes[(column[members[i + 3]!]! << 2) | 3]!++;
  }
  for (; i < n; i++) lanes[column[members[i]!]! << 2]!++;
}

/** Members per term of every shown single-valued field, over all members (typed columns are cheap). */
export const categoricalCounts = (ctx: InsightContext): Uint32Array =>
  ctx.memo('categorical', () => {
    const values = ctx.index.terms.size + 1;
    const lanes = new Uint32Array(values * 4);
    for (const field of SHOWN) countColumn(lanes, ctx.index.columns[field], ctx.members);
    // Column values are term id + 1; shift so counts[t] is term t's.
    const counts = new Uint32Array(values - 1);
    for (let t = 1; t < values; t++) {
      const at = t << 2;
      counts[t - 1] = lanes[at]! + lanes[at + 1]! + lanes[at + 2]! + lanes[at + 3]!;
    }
    return counts;
  });

/** Analysed members per profile term (interests, topics, movies/TV, bio words). */
export const profileCounts = (ctx: InsightContext): Uint32Array =>
  ctx.memo('profile', () => countRows(ctx.index.profileTerms, ctx.analysed, ctx.index.terms.size));

/** Analysed members per post term (words and hashtags of their posts). */
export const postCounts = (ctx: InsightContext): Uint32Array =>
  ctx.memo('posts', () => countRows(ctx.index.postTerms, ctx.analysed, ctx.index.terms.size));

/** How many members of the graph sample follow each account. */
export interface FollowTally {
  /** Per account number (the index's size): followers in the graph sample. */
  counts: Uint32Array;
  /** The accounts with at least one, ascending: the panels scan these instead of every account. */
  followed: Uint32Array;
}

/**
 * The graph sample's follows counted per account, then one sequential scan for the accounts
 * followed at all (ascending). (A radix sort of the follows instead of a counter per follow was
 * tried: the counters span every account, but sorting cost more than their cache misses.)
 */
function tallyFollows(ctx: InsightContext): FollowTally {
  const counts = countRows(ctx.index.following, ctx.graphSample, ctx.index.size);
  let runs = 0;
  for (let v = 0; v < counts.length; v++) if (counts[v] !== 0) runs++;
  const followed = new Uint32Array(runs);
  for (let v = 0, k = 0; k < runs; v++) if (counts[v] !== 0) followed[k++] = v;
  return { counts, followed };
}

export const followTally = (ctx: InsightContext): FollowTally => ctx.memo('follows', () => tallyFollows(ctx));

/** For every account, how many members of the graph sample follow it. */
export const followCounts = (ctx: InsightContext): Uint32Array => followTally(ctx).counts;
