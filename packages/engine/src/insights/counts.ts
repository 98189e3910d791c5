import { countAnd } from '../bits/bitset';
import { CATEGORICAL_FIELDS } from '../postings/fields';
import { RowCursor, type Csr } from '../postings/csr';
import { Scratch } from '../util/scratch';
import { ROW_BLOCK, finish, inBlocks, type Steps } from '../util/steps';
import type { InsightContext } from './context';
import { CARRY_ROOM, carriedCounts, countOnce } from './tally-carry';
import { radixSort } from './radix-sort';

function countRowsInto(counts: Uint32Array, rows: RowCursor, members: Uint32Array): void {
  for (let i = 0; i < members.length; i++) {
    const { data, start, end } = rows.at(members[i]!);
    for (let k = start; k < end; k++) counts[data[k]!]!++;
  }
}

/** Members per term of their rows, a block of members at a time (the counts carved from `scratch`). */
function* countRows(csr: Csr, members: Uint32Array, terms: number, scratch: Scratch): Steps<Uint32Array> {
  const counts = scratch.u32(terms);
  const rows = new RowCursor(csr);
  yield* inBlocks(
    members.length,
    (from, to) => countRowsInto(counts, rows, members.subarray(from, to)),
    ROW_BLOCK,
  );
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

/**
 * Members per term of one field read from its postings instead of the members' column: a popcount
 * of audience ∩ posting for the dense terms and a bit test per account of the list ones. Exactly
 * the column's counts (a single-valued field's postings partition the accounts holding a value);
 * cheaper when the field has few values and the audience is large: gender at 4 M members of 10 M
 * is four passes of 312 500 words against 4 M column reads.
 */
function countFromPostings(ctx: InsightContext, terms: readonly number[], counts: Uint32Array): void {
  const bits = ctx.set.bits;
  const { postings } = ctx.index;
  for (const t of terms) {
    const p = postings.get(t);
    if (p.kind === 'bits') {
      counts[t] = countAnd(bits, p.bits);
      continue;
    }
    let c = 0;
    const list = p.list;
    for (let i = 0; i < p.count; i++) {
      const n = list[i]!;
      c += (bits[n >>> 5]! >>> (n & 31)) & 1;
    }
    counts[t] = c;
  }
}

/**
 * Relative costs of the two ways, per word of a dense posting, list entry and member column read
 * (measured at 1 M accounts: 5.2, 4.6 and 3.5 ns).
 */
const WORD_COST = 10;
const LIST_COST = 9;
const MEMBER_COST = 7;

/** Members per term of every shown single-valued field, over all members (typed columns are cheap). */
export const categoricalCounts = (ctx: InsightContext): Uint32Array => finish(categoricalCountSteps(ctx));

/** categoricalCounts a field, or a block of members of a field's column, at a time. */
export const categoricalCountSteps = (ctx: InsightContext): Steps<Uint32Array> =>
  ctx.memoSteps('categorical', function* () {
    const { index, members } = ctx;
    const values = index.terms.size + 1;
    const lanes = ctx.scratch.u32(values * 4);
    const fromPostings = ctx.scratch.u32(values - 1);
    let laned = false;
    for (const field of SHOWN) {
      const terms = index.terms.termsOf(field);
      let cost = 0;
      for (const t of terms) {
        const p = index.postings.get(t);
        cost += p.kind === 'bits' ? ctx.set.bits.length * WORD_COST : p.count * LIST_COST;
      }
      if (cost < members.length * MEMBER_COST) countFromPostings(ctx, terms, fromPostings);
      else {
        const column = index.columns[field];
        yield* inBlocks(members.length, (from, to) => countColumn(lanes, column, members.subarray(from, to)));
        laned = true;
      }
      yield;
    }
    if (!laned) return fromPostings;
    // Column values are term id + 1; shift so counts[t] is term t's (fields counted from postings
    // left their lanes empty, and columns left fromPostings empty).
    for (let t = 1; t < values; t++) {
      const at = t << 2;
      fromPostings[t - 1]! += lanes[at]! + lanes[at + 1]! + lanes[at + 2]! + lanes[at + 3]!;
    }
    return fromPostings;
  });

/** Analysed members per profile term (interests, topics, movies/TV, bio words), in blocks. */
export const profileCountSteps = (ctx: InsightContext): Steps<Uint32Array> =>
  ctx.memoSteps('profile', () =>
    ctx.options.carry
      ? carriedProfileCounts(ctx, ctx.options.carry)
      : countRows(ctx.index.profileTerms, ctx.analysed, ctx.index.terms.size, ctx.scratch),
  );

/**
 * profileCounts carried from the last call with the same `carry` key (tally-carry.ts: the same
 * counts), as a dense array like countRows'.
 */
// eslint-disable-next-line require-yield -- one step: the carry reads a few rows
function* carriedProfileCounts(ctx: InsightContext, key: string): Steps<Uint32Array> {
  const { profileTerms, terms } = ctx.index;
  // The last call's counts cleared (before the carry rewrites the values they were read from).
  for (let i = 0; i < denseSet.length; i++) dense[denseSet[i]!] = 0;
  denseSet = EMPTY;
  if (dense.length < terms.size) dense = new Uint32Array(terms.size);
  const { values, counts } = carriedCounts(`${key}:profile`, profileTerms, ctx.analysed, () =>
    countOnce(profileTerms, ctx.analysed, terms.size, CARRY_ROOM),
  );
  for (let i = 0; i < values.length; i++) dense[values[i]!] = counts[i]!;
  denseSet = values;
  return dense.subarray(0, terms.size);
}
const EMPTY = new Uint32Array(0);
/**
 * The carried profile counts as a dense array, one per thread for every carried call (a new one
 * of the dictionary's size per point, ~365 KB at a million accounts, is an external allocation that
 * brings V8's next full collection nearer): valid until the next carried call on this thread, which
 * clears the values `denseSet` lists.
 */
let dense = new Uint32Array(0);
let denseSet: Uint32Array = EMPTY;
export const profileCounts = (ctx: InsightContext): Uint32Array => finish(profileCountSteps(ctx));

/** Analysed members per post term (words and hashtags of their posts), in blocks. */
export const postCountSteps = (ctx: InsightContext): Steps<Uint32Array> =>
  ctx.memoSteps('posts', () =>
    countRows(ctx.index.postTerms, ctx.analysed, ctx.index.terms.size, ctx.scratch),
  );
export const postCounts = (ctx: InsightContext): Uint32Array => finish(postCountSteps(ctx));

/** How many members of the graph sample follow each account, for the accounts followed at all. */
export interface FollowTally {
  /**
   * The graph sample's follows, member by member: graphSample[i]'s are
   * follows[starts[i]] … follows[starts[i + 1] - 1], in its row's order. One contiguous copy that
   * later passes read instead of the sample's rows, which lie scattered over the whole index.
   */
  follows: Uint32Array;
  starts: Uint32Array;
  /** The accounts with at least one follower in the graph sample, ascending. */
  followed: Uint32Array;
  /** counts[i]: followers of followed[i] in the graph sample. */
  counts: Uint32Array;
}

/**
 * Followed accounts and their counts from follows sorted in runs: O(follows), nothing sized to the
 * index. The runs are counted without a branch: at a run per one or two follows, a branch on "new
 * run" is mispredicted half the time.
 */
export function countSorted(
  follows: Uint32Array,
  accounts: number,
  scratch = new Scratch(),
): { followed: Uint32Array; counts: Uint32Array } {
  // Sorted in a copy: the sort may reuse its input, and the caller keeps the follows in order.
  const copy = scratch.u32(follows.length, false);
  copy.set(follows);
  const sorted = radixSort(copy, accounts, scratch);
  const followed = scratch.u32(sorted.length, false);
  const counts = scratch.u32(sorted.length);
  let runs = -1;
  let previous = sorted.length > 0 ? ~sorted[0]! >>> 0 : 0;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!;
    const differs = v ^ previous;
    runs += (differs | -differs) >>> 31;
    followed[runs] = v;
    counts[runs]!++;
    previous = v;
  }
  return { followed: followed.subarray(0, runs + 1), counts: counts.subarray(0, runs + 1) };
}

/** The same from a counter per account and a scan of every account: O(accounts + follows). */
export function countPerAccount(
  follows: Uint32Array,
  accounts: number,
  scratch = new Scratch(),
): { followed: Uint32Array; counts: Uint32Array } {
  const perAccount = scratch.u32(accounts);
  for (let i = 0; i < follows.length; i++) perAccount[follows[i]!]!++;
  // At most one entry per follow (and one spare): one scan fills it without a branch.
  const followed = scratch.u32(Math.min(follows.length, accounts) + 1, false);
  let k = 0;
  for (let v = 0; v < accounts; v++) {
    followed[k] = v;
    k += (perAccount[v]! | -perAccount[v]!) >>> 31;
  }
  const counts = scratch.u32(k, false);
  for (let i = 0; i < k; i++) counts[i] = perAccount[followed[i]!]!;
  return { followed: followed.subarray(0, k), counts };
}

/**
 * The graph sample's follows gathered, then counted per followed account: with a counter per
 * account while the index is no more than twice the follows, else by sorting the follows. (Skewed
 * synthetic follows, CPU: 1.1 M over 1 M accounts, counters 7.5 ms, sort 11.8 ms; 1.5 M over 10 M,
 * where the counters are 40 MB and each follow a cache miss, 63 against 22 ms.)
 */
function* tallyFollows(ctx: InsightContext): Steps<FollowTally> {
  const rows = new RowCursor(ctx.index.following);
  const sample = ctx.graphSample;
  const starts = ctx.scratch.u32(sample.length + 1);
  yield* inBlocks(sample.length, (from, to) => rowEnds(rows, sample, starts, from, to), ROW_BLOCK);
  const follows = ctx.scratch.u32(starts[sample.length]!, false);
  yield* inBlocks(
    sample.length,
    (from, to) => gatherRows(rows, sample, starts, follows, from, to),
    ROW_BLOCK,
  );
  const accounts = ctx.index.size;
  const tally =
    accounts <= 2 * follows.length
      ? countPerAccount(follows, accounts, ctx.scratch)
      : countSorted(follows, accounts, ctx.scratch);
  return { follows, starts, ...tally };
}

/** starts[i + 1] for sample members from … to − 1: where each one's follows end in the copy. */
function rowEnds(rows: RowCursor, sample: Uint32Array, starts: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const { start, end } = rows.at(sample[i]!);
    starts[i + 1] = starts[i]! + end - start;
  }
}

/** The follows of sample members from … to − 1, copied to where `starts` puts them. */
function gatherRows(
  rows: RowCursor,
  sample: Uint32Array,
  starts: Uint32Array,
  follows: Uint32Array,
  from: number,
  to: number,
): void {
  let k = starts[from]!;
  for (let i = from; i < to; i++) {
    const { data, start, end } = rows.at(sample[i]!);
    for (let e = start; e < end; e++) follows[k++] = data[e]!;
  }
}

/** followTally in blocks of the graph sample (then one step for the count). */
export const followTallySteps = (ctx: InsightContext): Steps<FollowTally> =>
  ctx.memoSteps('follows', () => tallyFollows(ctx));
export const followTally = (ctx: InsightContext): FollowTally => finish(followTallySteps(ctx));

/**
 * followTally's followed accounts and counts read straight from the graph sample's rows, each row
 * once, without the contiguous copy of the follows (for a context whose panels read no follows
 * after the counts: `somePanels`): tally-carry.ts `countOnce`, the same accounts and counts.
 */
function countFollowsOnce(ctx: InsightContext): { followed: Uint32Array; counts: Uint32Array } {
  const { values, counts } = countOnce(ctx.index.following, ctx.graphSample, ctx.index.size);
  return { followed: values, counts };
}

/**
 * The graph sample's followed accounts and their counts: from followTally's when the context
 * keeps the follows (a report whose later panels read them) or has them already, else
 * `countFollowsOnce` — carried from the last call with the same `carry` key when it has one
 * (tally-carry.ts: the same accounts and counts).
 */
export const followCounts = (ctx: InsightContext): { followed: Uint32Array; counts: Uint32Array } =>
  ctx.memo('followCounts', () => {
    if (ctx.keepsFollows || ctx.has('follows')) return followTally(ctx);
    const key = ctx.options.carry;
    if (!key) return countFollowsOnce(ctx);
    const { following, size } = ctx.index;
    const { values, counts } = carriedCounts(`${key}:follows`, following, ctx.graphSample, () =>
      countOnce(following, ctx.graphSample, size, CARRY_ROOM),
    );
    return { followed: values, counts };
  });
