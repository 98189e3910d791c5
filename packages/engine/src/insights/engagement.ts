import type { EngagedAccount, EngagedPost, EngagementPanel } from '@murmur/core/insights';
import type { Csr } from '../index/csr';
import { topIndices } from '../util/top-k';
import { accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { postSummary } from './post-summary';
import { radixSort, radixSortPairs } from './radix-sort';

/**
 * What the sampled members engaged with: every post they liked (or reposted) gathered and sorted,
 * runs counted per post; the runs' authors sorted (with their runs) and summed per author. O(engagements)
 * with typed arrays, nothing sized to the index.
 */
function engaged(ctx: InsightContext, byActor: Csr, limit: number) {
  const { offsets, data } = byActor;
  const { author } = ctx.index.posts;
  const sample = ctx.graphSample;
  let total = 0;
  for (let i = 0; i < sample.length; i++) total += offsets[sample[i]! + 1]! - offsets[sample[i]!]!;
  const gathered = new Uint32Array(total);
  let k = 0;
  for (let i = 0; i < sample.length; i++) {
    const m = sample[i]!;
    for (let e = offsets[m]!, end = offsets[m + 1]!; e < end; e++) gathered[k++] = data[e]!;
  }
  // A radix sort: a comparison sort of a million post numbers was most of this panel's time.
  const posts = radixSort(gathered, author.length);
  const runPost = new Uint32Array(total);
  const runCount = new Uint32Array(total);
  let runs = 0;
  for (let i = 0; i < total;) {
    const p = posts[i]!;
    let j = i + 1;
    while (j < total && posts[j] === p) j++;
    runPost[runs] = p;
    runCount[runs++] = j - i;
    i = j;
  }
  // Each author's posts summed, credited to the author's first run: ranking the runs by that sum
  // ranks the authors in the order they first appear, as a per-account tally would (ties: the
  // author of the lower post). The runs sorted by author keep their order within an author.
  const runAuthor = new Uint32Array(runs);
  const order = new Uint32Array(runs);
  for (let r = 0; r < runs; r++) {
    runAuthor[r] = author[runPost[r]!]!;
    order[r] = r;
  }
  const byAuthor = radixSortPairs(runAuthor, order, ctx.index.size);
  const authorTotal = new Uint32Array(runs);
  for (let i = 0; i < runs;) {
    const a = byAuthor.keys[i]!;
    const first = byAuthor.values[i]!;
    let sum = 0;
    for (; i < runs && byAuthor.keys[i] === a; i++) sum += runCount[byAuthor.values[i]!]!;
    authorTotal[first] = sum;
  }
  const accounts = topIndices(runs, (r) => authorTotal[r]!, limit).map((r): EngagedAccount => ({
    ...accountSummary(ctx.index, author[runPost[r]!]!),
    byAudience: authorTotal[r]!,
  }));
  return {
    accounts,
    posts: topIndices(runs, (r) => runCount[r]!, limit).map((r): EngagedPost => ({
      ...postSummary(ctx.index, runPost[r]!),
      byAudience: runCount[r]!,
    })),
  };
}

/**
 * Most liked and most reposted posts and accounts — by the audience: what its members liked and
 * reposted, whoever wrote it (the content wall shows the members' own posts).
 */
export function engagement(ctx: InsightContext, limit = ctx.options.top): EngagementPanel {
  const likes = engaged(ctx, ctx.index.likesByActor, limit);
  const reposts = engaged(ctx, ctx.index.repostsByActor, limit);
  return {
    basis: ctx.graphBasis,
    mostLikedPosts: likes.posts,
    mostLikedAccounts: likes.accounts,
    mostRepostedPosts: reposts.posts,
    mostRepostedAccounts: reposts.accounts,
  };
}
