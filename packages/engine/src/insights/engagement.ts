import type { EngagedAccount, EngagedPost, EngagementPanel } from '@murmur/core/insights';
import type { Csr } from '../index/csr';
import { GrowableU32 } from '../util/growable';
import { topIndices, topK } from '../util/top-k';
import { accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { postSummary } from './post-summary';
import { radixSort } from './radix-sort';

/**
 * What the sampled members engaged with: every post they liked (or reposted) gathered and sorted,
 * runs counted per post, post counts summed per author. O(engagements) with typed arrays.
 */
function engaged(ctx: InsightContext, byActor: Csr, limit: number, byAuthor: Uint32Array) {
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
  const authors = new GrowableU32();
  let runs = 0;
  for (let i = 0; i < total;) {
    const p = posts[i]!;
    let j = i + 1;
    while (j < total && posts[j] === p) j++;
    runPost[runs] = p;
    runCount[runs++] = j - i;
    const a = author[p]!;
    if (byAuthor[a] === 0) authors.push(a);
    byAuthor[a]! += j - i;
    i = j;
  }
  const accounts = topK(authors.view(), (a) => byAuthor[a]!, limit).map((a): EngagedAccount => ({
    ...accountSummary(ctx.index, a),
    byAudience: byAuthor[a]!,
  }));
  // Zero what this pass wrote, so the next pass can reuse the per-account array.
  for (const a of authors.view()) byAuthor[a] = 0;
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
  // Posts per author, over every account: allocated once (40 MB at 10 M accounts) for both passes.
  const byAuthor = new Uint32Array(ctx.index.size);
  const likes = engaged(ctx, ctx.index.likesByActor, limit, byAuthor);
  const reposts = engaged(ctx, ctx.index.repostsByActor, limit, byAuthor);
  return {
    basis: ctx.graphBasis,
    mostLikedPosts: likes.posts,
    mostLikedAccounts: likes.accounts,
    mostRepostedPosts: reposts.posts,
    mostRepostedAccounts: reposts.accounts,
  };
}
