import { postId } from '../model/posts';
import type { Network } from '../network';

/** X-like post ids keep the post number in their low 22 bits (model/posts.ts). */
const LOW_BITS = 1 << 22;

/** Whether `id` names a post on the network: a few candidate numbers, each checked by re-encoding. */
export function postExists(network: Network, id: string): boolean {
  if (!/^\d{1,20}$/.test(id)) return false;
  const { posts } = network;
  for (let n = Number(BigInt(id) & BigInt(LOW_BITS - 1)); n < posts.length; n += LOW_BITS)
    if (postId(posts, n) === id) return true;
  return false;
}
