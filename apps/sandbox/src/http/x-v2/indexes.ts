import { indexEngagements, type PostEngagements } from '../../export/post-engagements';
import { AccountKind } from '../../model/accounts';
import { postId } from '../../model/posts';
import type { Network } from '../../network';

/**
 * Per-network indexes the X API needs (posts by author, engagements by post), built on first use and
 * rebuilt when simulated time has added posts or events: each rebuild is one linear pass.
 */
interface Indexes {
  accounts: number;
  posts: number;
  events: number;
  byAuthor: { offsets: Uint32Array; posts: Uint32Array };
  engagements: PostEngagements | null;
}

const cache = new WeakMap<Network, Indexes>();

function indexes(net: Network): Indexes {
  let found = cache.get(net);
  if (!found || found.posts !== net.posts.length || found.accounts !== net.accounts.count) {
    const authors = net.posts.author.view();
    const offsets = new Uint32Array(net.accounts.count + 1);
    for (const a of authors) offsets[a + 1]!++;
    for (let a = 0; a < net.accounts.count; a++) offsets[a + 1]! += offsets[a]!;
    const posts = new Uint32Array(authors.length);
    const cursor = offsets.slice(0, net.accounts.count);
    for (let p = 0; p < authors.length; p++) posts[cursor[authors[p]!]!++] = p;
    found = {
      accounts: net.accounts.count,
      posts: authors.length,
      events: -1,
      byAuthor: { offsets, posts },
      engagements: null,
    };
    cache.set(net, found);
  }
  return found;
}

/** The account's posts (replies included), oldest first by post number. */
export function postsOf(net: Network, account: number): Uint32Array {
  const { offsets, posts } = indexes(net).byAuthor;
  return posts.subarray(offsets[account], offsets[account + 1]);
}

/** Log positions of likes, reposts and replies per post. */
export function engagementsOf(net: Network): PostEngagements {
  const found = indexes(net);
  if (!found.engagements || found.events !== net.events.length) {
    found.engagements = indexEngagements(net.events, net.posts.length);
    found.events = net.events.length;
  }
  return found.engagements;
}

/** All posts an account ever made: those before the simulated window plus those inside it. */
export function postCount(net: Network, account: number): number {
  let live = 0;
  // A deleted post no longer counts, as on X (and in the export).
  for (const p of postsOf(net, account)) if (!net.posts.deleted.get(p)) live++;
  return net.accounts.priorPosts[account]! + live;
}

/** The account's newest post, or -1. */
export function latestPost(net: Network, account: number): number {
  const posts = postsOf(net, account);
  let best = -1;
  for (const p of posts) if (best < 0 || net.posts.time.get(p) >= net.posts.time.get(best)) best = p;
  return best;
}

/**
 * The pinned post: three accounts in four (never spam) pin their most liked original post, the
 * earliest one on ties, so the choice is deterministic from the network.
 */
export function pinnedPost(net: Network, account: number): number {
  if (net.accounts.kind[account] === AccountKind.spam || (net.accounts.seed[account]! & 3) === 0) return -1;
  let best = -1;
  for (const p of postsOf(net, account)) {
    if (net.posts.replyTo.get(p) >= 0) continue;
    if (best < 0 || net.posts.likes.get(p) > net.posts.likes.get(best)) best = p;
  }
  return best;
}

/**
 * The post number for an X-style post id (its low 22 bits hold the number modulo 2²²), or -1 — also
 * for a deleted post, which leaves every answer as on X.
 */
export function postById(net: Network, id: string): number {
  if (!/^[0-9]{1,19}$/.test(id)) return -1;
  const low = Number(BigInt(id) & 0x3fffffn);
  for (let p = low; p < net.posts.length; p += 0x400000)
    if (postId(net.posts, p) === id) return net.posts.deleted.get(p) ? -1 : p;
  return -1;
}
