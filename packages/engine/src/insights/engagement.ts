import type { EngagedAccount, EngagedPost, EngagementPanel } from '@murmur/core/insights';
import type { Csr } from '../index/csr';
import { GrowableU32 } from '../util/growable';
import { topIndices, topK } from '../util/top-k';
import { accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { postSummary } from './post-summary';

/**
 * What the sampled members engaged with: every post they liked (or reposted) gathered and sorted,
 * runs counted per post, post counts summed per author. O(engagements · log) with typed arrays.
 */
function engaged(ctx: InsightContext, byActor: Csr, limit: number) {
  const { offsets, data } = byActor;
  const { author } = ctx.index.posts;
  let total = 0;
  for (const m of ctx.graphSample) total += offsets[m + 1]! - offsets[m]!;
  const posts = new Uint32Array(total);
  let k = 0;
  for (const m of ctx.graphSample) for (let e = offsets[m]!; e < offsets[m + 1]!; e++) posts[k++] = data[e]!;
  posts.sort();
  const runPost = new Uint32Array(total);
  const runCount = new Uint32Array(total);
  const byAuthor = new Uint32Array(ctx.index.size);
  const authors = new GrowableU32();
  let runs = 0;
  for (let i = 0; i < total;) {
    let j = i + 1;
    while (j < total && posts[j] === posts[i]) j++;
    runPost[runs] = posts[i]!;
    runCount[runs++] = j - i;
    const a = author[posts[i]!]!;
    if (byAuthor[a] === 0) authors.push(a);
    byAuthor[a]! += j - i;
    i = j;
  }
  return {
    posts: topIndices(runs, (r) => runCount[r]!, limit).map((r): EngagedPost => ({
      ...postSummary(ctx.index, runPost[r]!),
      byAudience: runCount[r]!,
    })),
    accounts: topK(authors.view(), (a) => byAuthor[a]!, limit).map((a): EngagedAccount => ({
      ...accountSummary(ctx.index, a),
      byAudience: byAuthor[a]!,
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
