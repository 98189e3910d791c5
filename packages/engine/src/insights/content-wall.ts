import type { ContentWallPanel, PostSummary } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { postSummary } from './post-summary';
import { MIN_SUPPORT } from './share';

/** Posts one author may hold on a wall: one prolific account must not fill it. */
export const POSTS_PER_AUTHOR = 2;
/** Reach below which an author counts as this many followers (a 3-like post of a 2-follower account is no signal). */
export const REACH_FLOOR = 100;
/** Candidates read per listed post, most engaged first, before ranking by engagement per reach. */
export const CANDIDATES_PER_POST = 10;

export const engagementOf = (p: PostSummary): number => p.likes + p.reposts + p.replies;

/** Engagement relative to the author's reach: interactions per follower (REACH_FLOOR at least). */
export const engagementRate = (p: PostSummary): number =>
  engagementOf(p) / Math.max(REACH_FLOOR, p.author.followers);

/**
 * A wall from candidate posts: those with at least `minEngagement` interactions (the minimum
 * support), ranked by engagement relative to the author's reach, at most POSTS_PER_AUTHOR per
 * author, `limit` in all.
 */
export function rankWall(
  candidates: readonly PostSummary[],
  limit: number,
  minEngagement = MIN_SUPPORT,
): PostSummary[] {
  const ranked = candidates
    .filter((p) => engagementOf(p) >= minEngagement)
    .sort(
      (a, b) => engagementRate(b) - engagementRate(a) || engagementOf(b) - engagementOf(a) || a.post - b.post,
    );
  const perAuthor = new Map<number, number>();
  const out: PostSummary[] = [];
  for (const p of ranked) {
    if (out.length === limit) break;
    const held = perAuthor.get(p.author.account) ?? 0;
    if (held === POSTS_PER_AUTHOR) continue;
    perAuthor.set(p.author.account, held + 1);
    out.push(p);
  }
  return out;
}

/**
 * The members' most engaged posts as candidates (the index's posts in engagement order, the
 * members' own kept), then ranked by rankWall: for a large audience the candidates are found within
 * the first few thousand; a small one costs at most one pass over the engaged posts with a bit
 * test each.
 */
export function wallCandidates(ctx: InsightContext, limit = ctx.options.top): PostSummary[] {
  const { byEngagement, author } = ctx.index.posts;
  const posts: PostSummary[] = [];
  const wanted = limit * CANDIDATES_PER_POST;
  for (let i = 0; i < byEngagement.length && posts.length < wanted; i++) {
    const p = byEngagement[i]!;
    if (ctx.set.has(author[p]!)) posts.push(postSummary(ctx.index, p));
  }
  return posts;
}

export function contentWall(ctx: InsightContext, limit = ctx.options.top): ContentWallPanel {
  const posts = rankWall(wallCandidates(ctx, limit), limit, ctx.options.minSupport);
  return { posts, perAuthor: POSTS_PER_AUTHOR, minEngagement: ctx.options.minSupport };
}
