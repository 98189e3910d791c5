import { indexEngagements, type PostEngagements } from '../../export/post-engagements';
import { AccountKind } from '../../model/accounts';
import { postId } from '../../model/posts';
import type { Network } from '../../network';

/**
 * Per-network indexes the X API needs (posts by author, engagements by post), built on first use.
 * Posts are only ever appended (a post's number never changes), so the posts by author are a CSR
 * over the posts up to `indexed` plus, per author, the posts made since (`tail`), extended as
 * simulated time adds posts: each post is indexed once, and the CSR is rebuilt (one linear pass)
 * only when the tail has grown to an eighth of it. Rebuilding it for every new post made the posts
 * firehose quadratic: at 1 M accounts one simulated hour of one-second steps took minutes.
 */
interface Indexes {
  /** Accounts and posts the CSR covers. */
  accounts: number;
  indexed: number;
  /** Posts looked at so far (the CSR's and the tail's). */
  posts: number;
  events: number;
  byAuthor: { offsets: Uint32Array; posts: Uint32Array };
  /** Posts after `indexed`, by author, in post order. */
  tail: Map<number, number[]>;
  engagements: PostEngagements | null;
}

const cache = new WeakMap<Network, Indexes>();

function byAuthor(net: Network): Indexes {
  const authors = net.posts.author.view();
  const accounts = net.accounts.count;
  const offsets = new Uint32Array(accounts + 1);
  for (const a of authors) offsets[a + 1]!++;
  for (let a = 0; a < accounts; a++) offsets[a + 1]! += offsets[a]!;
  const posts = new Uint32Array(authors.length);
  const cursor = offsets.slice(0, accounts);
  for (let p = 0; p < authors.length; p++) posts[cursor[authors[p]!]!++] = p;
  return {
    accounts,
    indexed: authors.length,
    posts: authors.length,
    events: -1,
    byAuthor: { offsets, posts },
    tail: new Map(),
    engagements: null,
  };
}

function indexes(net: Network): Indexes {
  let found = cache.get(net);
  const length = net.posts.length;
  if (!found || length - found.indexed > Math.max(256, found.indexed >> 3)) {
    found = byAuthor(net);
    cache.set(net, found);
  } else if (found.posts < length) {
    // The engagements by post are indexed again for the new posts, as before (engagementsOf).
    found.engagements = null;
    const authors = net.posts.author.view();
    for (let p = found.posts; p < length; p++) {
      const author = authors[p]!;
      const list = found.tail.get(author);
      if (list) list.push(p);
      else found.tail.set(author, [p]);
    }
    found.posts = length;
  }
  return found;
}

/** The account's posts (replies included), oldest first by post number. */
export function postsOf(net: Network, account: number): Uint32Array {
  const found = indexes(net);
  const { offsets, posts } = found.byAuthor;
  const indexed =
    account < found.accounts ? posts.subarray(offsets[account], offsets[account + 1]) : new Uint32Array(0);
  const tail = found.tail.get(account);
  if (!tail) return indexed;
  const all = new Uint32Array(indexed.length + tail.length);
  all.set(indexed);
  all.set(tail, indexed.length);
  return all;
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
