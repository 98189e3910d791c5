import type {
  AccountRecord,
  FollowEventRecord,
  FollowingRecord,
  ListRecord,
  PostRecord,
} from '@murmur/core/export';
import { AGE_BANDS, ACCOUNT_KIND_NAMES, AccountFlag, GENDER_NAMES } from '../model/accounts';
import { CONVERSATION_TOPICS } from '@murmur/core/x-catalogue';
import { INTERESTS } from '@murmur/core/x-catalogue';
import { JOB_CATEGORIES, JOB_TITLES, NO_JOB } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { MOVIES_TV_SHOWS } from '@murmur/core/x-catalogue';
import { NETWORK_OPERATORS, NO_OPERATOR } from '@murmur/core/x-catalogue';
import { PLATFORMS } from '@murmur/core/x-catalogue';
import { csrRow } from '../model/csr';
import { EVENT_KIND_NAMES, EventKind } from '../model/events';
import { postId } from '../model/posts';
import { liveLists } from '../history/live-lists';
import type { Network } from '../network';
import { avatarOf } from '../text/avatar';
import { bioOf, locationOf } from '../text/bio';
import { placeOf } from '../model/location-text';
import { postContent } from '../text/post-text';
import type { PostEngagements } from './post-engagements';

/** ISO 8601 without milliseconds, the form X's created_at uses. */
export const iso = (unixSeconds: number): string =>
  new Date(unixSeconds * 1000).toISOString().replace('.000Z', 'Z');

const values = <T extends { targetingValue: string }>(catalogue: readonly T[], row: Uint16Array): string[] =>
  Array.from(row, (i) => catalogue[i]!.targetingValue);

/** One account with every attribute; `n` is its account number, which other records refer to. */
export function accountRecord(net: Network, i: number): AccountRecord {
  const a = net.accounts;
  const job = a.job[i]!;
  const operator = a.operator[i]!;
  const flags = a.flags[i]!;
  const record: AccountRecord = {
    type: 'account',
    n: i,
    id: a.ids[i]!.toString(),
    handle: a.handles[i]!,
    name: a.names[i]!,
    bio: bioOf(a, i),
    location: locationOf(a, i),
    ...placeOf(a, i),
    lang: LANGUAGE_CODES[a.language[i]!]!,
    gender: a.gender[i] ? GENDER_NAMES[a.gender[i]]! : null,
    age: a.ageBand[i] ? AGE_BANDS[a.ageBand[i]]! : null,
    job: job === NO_JOB ? null : JOB_TITLES[job]!.key,
    jobCategory: job === NO_JOB ? null : JOB_CATEGORIES[JOB_TITLES[job]!.category]!.name,
    created: iso(a.created[i]!),
    verified: (flags & AccountFlag.verified) !== 0,
    protected: (flags & AccountFlag.protected) !== 0,
    followers: net.graph.inDegree[i]!,
    following: net.graph.outDegree[i]!,
    posts: a.priorPosts[i]! + (postCounts(net)[i] ?? 0),
    device: PLATFORMS[a.platform[i]!]!.key,
    operator: operator === NO_OPERATOR ? null : NETWORK_OPERATORS[operator]!.targetingValue,
    interests: values(INTERESTS, csrRow(a.interests, i)),
    topics: values(CONVERSATION_TOPICS, csrRow(a.topics, i)),
    movies: values(MOVIES_TV_SHOWS, csrRow(a.movies, i)),
    avatar: avatarOf(a, i),
    community: a.community[i]!,
    // Sandbox ground truth (X does not publish it): person, creator, brand, media or spam.
    kind: ACCOUNT_KIND_NAMES[a.kind[i]!]!,
  };
  if (!(flags & AccountFlag.liveBorn)) return record;
  // Born after the anchor: only what X's user object carries (live contract rule 1); its language is
  // its posts' ('' before the first).
  return {
    ...record,
    lang: flags & AccountFlag.posted ? record.lang : '',
    gender: null,
    age: null,
    job: null,
    jobCategory: null,
    device: '',
    operator: null,
    interests: [],
    topics: [],
    movies: [],
    community: -1,
    kind: '',
  };
}

const postCountCache = new WeakMap<Network, { at: string; counts: Uint32Array }>();

/** Posts per author in the simulated window (cached per network size of the post table). */
function postCounts(net: Network): Uint32Array {
  // Deletions and births change the counts without adding posts: the key covers them too.
  const at = `${net.posts.length} ${net.events.length} ${net.accounts.count}`;
  const cached = postCountCache.get(net);
  if (cached?.at === at) return cached.counts;
  const counts = new Uint32Array(net.accounts.count);
  const authors = net.posts.author.view();
  for (let p = 0; p < authors.length; p++) if (!net.posts.deleted.get(p)) counts[authors[p]!]!++;
  postCountCache.set(net, { at, counts });
  return counts;
}

export function followingRecord(net: Network, i: number): FollowingRecord {
  return { type: 'following', n: i, to: net.graph.following(i) };
}

/** A list as it is now, API edits included (see history/live-lists.ts). */
export function listRecord(net: Network, l: number): ListRecord {
  const lists = liveLists(net);
  const list = lists.get(l);
  return {
    type: 'list',
    n: l,
    id: lists.id(l),
    owner: list.owner,
    name: list.name,
    description: list.description,
    private: list.private,
    created: iso(list.created),
    members: [...list.members],
  };
}

export function postRecord(net: Network, p: number, engagements: PostEngagements): PostRecord {
  const { posts, events } = net;
  const content = postContent(net, p);
  const at = posts.time.get(p);
  const replyTo = posts.replyTo.get(p);
  const engaged: Record<string, [number, number][]> = { like: [], repost: [], reply: [] };
  for (let k = engagements.offsets[p]!; k < engagements.offsets[p + 1]!; k++) {
    const e = engagements.positions[k]!;
    engaged[EVENT_KIND_NAMES[events.kind.get(e) as EventKind]]!.push([
      events.actor.get(e),
      events.time.get(e) - at,
    ]);
  }
  return {
    type: 'post',
    n: p,
    id: postId(posts, p),
    author: posts.author.get(p),
    at: iso(at),
    lang: LANGUAGE_CODES[net.accounts.language[posts.author.get(p)]!]!,
    text: content.text,
    hashtags: content.hashtags,
    mentions: content.mentions,
    replyTo: replyTo >= 0 ? replyTo : null,
    likes: posts.likes.get(p),
    reposts: posts.reposts.get(p),
    replies: posts.replies.get(p),
    // [account number, seconds after the post] per engagement.
    likedBy: engaged.like!,
    repostedBy: engaged.repost!,
    repliedBy: engaged.reply!,
  };
}

/** Follow and unfollow history; engagements travel with their posts. */
export function followEventRecord(net: Network, e: number): FollowEventRecord | null {
  const kind = net.events.kind.get(e);
  if (kind !== EventKind.follow && kind !== EventKind.unfollow) return null;
  return {
    type: kind === EventKind.follow ? 'follow' : 'unfollow',
    at: net.events.time.get(e),
    from: net.events.actor.get(e),
    to: net.events.target.get(e),
  };
}
