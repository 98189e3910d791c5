import type { AudienceIndex } from '../postings/audience-index';
import type { PostSummary } from '@murmur/core/insights';
import { accountSummary } from './account-summary';

/** Slot of a post in the kept-text columns (binary search over the ascending `kept`), or -1. */
export function keptSlot(kept: Uint32Array, post: number): number {
  let lo = 0;
  let hi = kept.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (kept[mid]! === post) return mid;
    if (kept[mid]! < post) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export function postSummary(index: AudienceIndex, p: number): PostSummary {
  const posts = index.posts;
  const slot = keptSlot(posts.kept, p);
  return {
    post: p,
    id: slot >= 0 ? posts.ids.get(slot) : '',
    at: slot >= 0 ? posts.at.get(slot) : '',
    text: slot >= 0 ? posts.text.get(slot) : '',
    author: accountSummary(index, posts.author[p]!),
    likes: posts.likes[p]!,
    reposts: posts.reposts[p]!,
    replies: posts.replies[p]!,
  };
}
