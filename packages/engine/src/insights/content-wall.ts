import type { ContentWallPanel, PostSummary } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { postSummary } from './post-summary';

/**
 * Walks the index's posts in engagement order and keeps the members' own: for a large audience the
 * top posts are found within the first few hundred; a small one costs at most one pass over the
 * engaged posts with a bit test each.
 */
export function contentWall(ctx: InsightContext, limit = ctx.options.top): ContentWallPanel {
  const { byEngagement, author } = ctx.index.posts;
  const posts: PostSummary[] = [];
  for (let i = 0; i < byEngagement.length && posts.length < limit; i++) {
    const p = byEngagement[i]!;
    if (ctx.set.has(author[p]!)) posts.push(postSummary(ctx.index, p));
  }
  return { posts };
}
