import type { Network } from '../network';

/** A post made through the Ads API's `POST accounts/:account_id/tweet` (promoted-only by default). */
export interface AdPost {
  id: string;
  accountId: string;
  /** The network account (row) of the ad account's user, who authors the post. */
  author: number;
  text: string;
  mediaKeys: string[];
  cardUri: string | null;
  nullcast: boolean;
  createdAt: number;
}

/**
 * The posts each network's ads platforms made, by post id. They exist for promotion beside the
 * network's own posts (never in its history or streams); the Ads API makes and lists them and the
 * X API v2's `DELETE /2/tweets/:id` deletes them, so both surfaces share this store.
 */
const adPosts = new WeakMap<Network, Map<string, AdPost>>();

export function adPostsOf(network: Network): Map<string, AdPost> {
  let posts = adPosts.get(network);
  if (!posts) adPosts.set(network, (posts = new Map<string, AdPost>()));
  return posts;
}
