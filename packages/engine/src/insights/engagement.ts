import type { EngagedAccount, EngagedPost, EngagementPanel } from '@murmur/core/insights';
import { RowCursor, type Csr } from '../postings/csr';
import type { Scratch } from '../util/scratch';
import { ROW_BLOCK, finish, inBlocks, type Steps } from '../util/steps';
import { topIndices } from '../util/top-k';
import { accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { postSummary } from './post-summary';
import { radixSort, radixSortPairs } from './radix-sort';

/** Entries of the rows of `actors`. */
function rowsLength(rows: RowCursor, actors: Uint32Array): number {
  let total = 0;
  for (let i = 0; i < actors.length; i++) {
    const { start, end } = rows.at(actors[i]!);
    total += end - start;
  }
  return total;
}

/** The rows of `actors` copied into `out` from `k` on; returns where they end. */
function gather(rows: RowCursor, actors: Uint32Array, out: Uint32Array, k: number): number {
  for (let i = 0; i < actors.length; i++) {
    const { data, start, end } = rows.at(actors[i]!);
    for (let e = start; e < end; e++) out[k++] = data[e]!;
  }
  return k;
}

/**
 * Every post the sample engaged with, once, ascending, with how many members engaged with it (the
 * rows read a block of the sample at a time).
 */
function* postRuns(sample: Uint32Array, byActor: Csr, posts: number, scratch: Scratch) {
  const rows = new RowCursor(byActor);
  let total = 0;
  yield* inBlocks(
    sample.length,
    (from, to) => (total += rowsLength(rows, sample.subarray(from, to))),
    ROW_BLOCK,
  );
  const gathered = scratch.u32(total, false);
  let k = 0;
  yield* inBlocks(
    sample.length,
    (from, to) => (k = gather(rows, sample.subarray(from, to), gathered, k)),
    ROW_BLOCK,
  );
  // A radix sort: a comparison sort of a million post numbers was most of this panel's time.
  const sorted = radixSort(gathered, posts, scratch);
  yield;
  const post = scratch.u32(total, false);
  const count = scratch.u32(total, false);
  let runs = 0;
  for (let i = 0; i < total;) {
    const p = sorted[i]!;
    let j = i + 1;
    while (j < total && sorted[j] === p) j++;
    post[runs] = p;
    count[runs++] = j - i;
    i = j;
  }
  return { post: post.subarray(0, runs), count: count.subarray(0, runs) };
}

/**
 * Each author's engagements summed and credited to the author's first run (zero elsewhere):
 * ranking the runs by it ranks the authors in the order they first appear, as a tally per account
 * did (ties: the author of the lower post), without an array over every account. The runs sorted
 * by author keep their order within an author.
 */
function authorTotals(
  author: Uint32Array,
  post: Uint32Array,
  count: Uint32Array,
  accounts: number,
  scratch: Scratch,
): Uint32Array {
  const runs = post.length;
  const runAuthor = scratch.u32(runs, false);
  const order = scratch.u32(runs, false);
  for (let r = 0; r < runs; r++) {
    runAuthor[r] = author[post[r]!]!;
    order[r] = r;
  }
  const { keys, values } = radixSortPairs(runAuthor, order, accounts, scratch);
  const total = scratch.u32(runs);
  for (let i = 0; i < runs;) {
    const a = keys[i]!;
    const first = values[i]!;
    let sum = 0;
    for (; i < runs && keys[i] === a; i++) sum += count[values[i]!]!;
    total[first] = sum;
  }
  return total;
}

/**
 * What the sampled members engaged with: the posts they liked (or reposted) most, and the authors
 * of the most. O(engagements) with typed arrays, nothing sized to the index.
 */
function* engaged(ctx: InsightContext, byActor: Csr, limit: number) {
  const { author } = ctx.index.posts;
  const { post, count } = yield* postRuns(ctx.graphSample, byActor, author.length, ctx.scratch);
  const total = authorTotals(author, post, count, ctx.index.size, ctx.scratch);
  yield;
  return {
    accounts: topIndices(post.length, (r) => total[r]!, limit).map((r): EngagedAccount => ({
      ...accountSummary(ctx.index, author[post[r]!]!),
      byAudience: total[r]!,
    })),
    posts: topIndices(post.length, (r) => count[r]!, limit).map((r): EngagedPost => ({
      ...postSummary(ctx.index, post[r]!),
      byAudience: count[r]!,
    })),
  };
}

/**
 * Most liked and most reposted posts and accounts — by the audience: what its members liked and
 * reposted, whoever wrote it (the content wall shows the members' own posts).
 */
export function* engagementSteps(ctx: InsightContext, limit = ctx.options.top): Steps<EngagementPanel> {
  const likes = yield* engaged(ctx, ctx.index.likesByActor, limit);
  const reposts = yield* engaged(ctx, ctx.index.repostsByActor, limit);
  return {
    basis: ctx.graphBasis,
    mostLikedPosts: likes.posts,
    mostLikedAccounts: likes.accounts,
    mostRepostedPosts: reposts.posts,
    mostRepostedAccounts: reposts.accounts,
  };
}

export const engagement = (ctx: InsightContext, limit = ctx.options.top): EngagementPanel =>
  finish(engagementSteps(ctx, limit));
