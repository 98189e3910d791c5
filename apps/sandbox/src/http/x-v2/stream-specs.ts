import { EventKind } from '../../model/events';
import { postId } from '../../model/posts';
import type { Network } from '../../network';
import { postContent } from '../../text/post-text';
import { TWEET_EXPANSIONS, type Shape } from './fields';
import { tweetsBody } from './views/includes';
import { isoMillis } from './views/entities';
import { userObject, type ViewContext } from './views/user';
import { activityLines, type ActivitySubscriptions } from './activity';

// The streams of X API v2 this sandbox serves (streams.ts serves them): for each, its path, its
// parameters and the lines a row of the event log makes on it.

/** What a stream's lines are made from: the network, and the app's Activity API subscriptions. */
export interface StreamView extends ViewContext {
  activity: ActivitySubscriptions;
}

/** One stream of X API v2 this sandbox serves from its event log. */
export interface StreamSpec {
  path: string;
  /** Partitions X documents for the stream (the `partition` parameter's maximum); 0 = no partitions. */
  partitions: number;
  query: readonly string[];
  expansions: readonly string[];
  /**
   * A partitioned stream's account whose partition the row's line goes to, or -1 when the row makes
   * no line on this stream: read before the line is made, so that each partition's connection makes
   * only its own lines (making a post's line writes its text and its author's user object).
   */
  owner?: (net: Network, e: number) => number;
  /** The log row as the stream's lines, or nothing when the row is not this stream's. */
  lines: (view: StreamView, shape: Shape, e: number) => { owner: number; body: object }[];
}

const WINDOW = ['backfill_minutes', 'partition', 'start_time', 'end_time'];
const FIELDS = ['tweet.fields', 'user.fields', 'expansions', 'media.fields', 'poll.fields', 'place.fields'];

/** X's snowflake epoch, for the ids of reposts (which the post table does not hold). */
const TWEPOCH = 1288834974657n;

/** The reply post a `reply` row made (the row names the parent): the newest post by the replier then. */
function replyPostOf(net: Network, e: number): number {
  const { posts, events } = net;
  const at = events.time.get(e);
  const actor = events.actor.get(e);
  const parent = events.post.get(e);
  for (let p = posts.length - 1, seen = 0; p >= 0 && seen < 1_000_000; p--, seen++) {
    if (posts.time.get(p) === at && posts.author.get(p) === actor && posts.replyTo.get(p) === parent)
      return p;
  }
  return -1;
}

/**
 * A post's line, deleted since or not (its row then `postDeleted` / `replyDeleted`): X sent it when it
 * was made, and a reader behind the clock or a replay reads the row after the delete, which follows
 * on the compliance stream. An account born live whose only post was deleted so had no language in
 * the live index, where the export gives it the post's (bench:live, 1 M accounts, clock ×400).
 */
function postLines(view: ViewContext, shape: Shape, p: number): { owner: number; body: object }[] {
  if (p < 0) return [];
  const body = tweetsBody(view, [p], shape);
  return [{ owner: view.net.posts.author.get(p), body: { ...body, data: body.data[0] } }];
}

const tweetsFirehose: StreamSpec = {
  path: '/tweets/firehose/stream',
  partitions: 20,
  query: [...WINDOW, ...FIELDS],
  expansions: TWEET_EXPANSIONS,
  // A post's author; a reply's and a repost's is the actor (replyPostOf finds the actor's post).
  owner: ({ events, posts }, e) => {
    const kind = events.kind.get(e);
    if (kind === EventKind.post || kind === EventKind.postDeleted)
      return posts.author.get(events.post.get(e));
    return kind === EventKind.reply || kind === EventKind.replyDeleted || kind === EventKind.repost
      ? events.actor.get(e)
      : -1;
  },
  lines: (view, shape, e) => {
    const { events, posts, accounts } = view.net;
    const kind = events.kind.get(e);
    if (kind === EventKind.post || kind === EventKind.postDeleted)
      return postLines(view, shape, events.post.get(e));
    if (kind === EventKind.reply || kind === EventKind.replyDeleted)
      return postLines(view, shape, replyPostOf(view.net, e));
    if (kind !== EventKind.repost) return [];
    // A repost is a post of its own on X ("RT @author: …", referenced_tweets retweeted).
    const original = events.post.get(e);
    const actor = events.actor.get(e);
    const at = events.time.get(e);
    const id = (((BigInt(at) * 1000n + 999n - TWEPOCH) << 22n) | BigInt(e & 0x3fffff)).toString();
    const data: Record<string, unknown> = {
      id,
      text: `RT @${accounts.handles[posts.author.get(original)]}: ${postContent(view.net, original).text}`,
      edit_history_tweet_ids: [id],
      referenced_tweets: [{ type: 'retweeted', id: postId(posts, original) }],
    };
    if (shape.tweet.has('author_id') || shape.expansions.has('author_id'))
      data.author_id = accounts.ids[actor]!.toString();
    if (shape.tweet.has('created_at')) data.created_at = isoMillis(at, 999);
    const body = shape.expansions.has('author_id')
      ? { data, includes: { users: [userObject(view, actor, shape)] } }
      : { data };
    return [{ owner: actor, body }];
  },
};

const likesFirehose: StreamSpec = {
  path: '/likes/firehose/stream',
  partitions: 20,
  query: [
    ...WINDOW,
    'like_with_tweet_author.fields',
    'expansions',
    'media.fields',
    'user.fields',
    'tweet.fields',
  ],
  expansions: ['attachments.media_keys', 'liked_tweet_author_id', 'liked_tweet_id'],
  owner: ({ events }, e) => (events.kind.get(e) === EventKind.like ? events.actor.get(e) : -1),
  lines: ({ net }, _shape, e) => {
    const { events, posts, accounts } = net;
    if (events.kind.get(e) !== EventKind.like) return [];
    const p = events.post.get(e);
    const liker = events.actor.get(e);
    const at = events.time.get(e);
    const likedId = postId(posts, p);
    const likerId = accounts.ids[liker]!.toString();
    return [
      {
        owner: liker,
        body: {
          data: {
            id: `${likerId}_${likedId}`.slice(0, 40),
            created_at: isoMillis(at),
            liked_tweet_id: likedId,
            timestamp_ms: at * 1000,
            tweet_author_id: accounts.ids[posts.author.get(p)]!.toString(),
            // Not in X's schema for this object but in its payloads: who liked.
            liking_user_id: likerId,
          },
        },
      },
    ];
  },
};

const USER_COMPLIANCE: Partial<Record<number, string>> = {
  [EventKind.userDelete]: 'user_delete',
  [EventKind.userSuspend]: 'user_suspend',
  [EventKind.userProtect]: 'user_protect',
  [EventKind.userUnprotect]: 'user_unprotect',
};

const usersCompliance: StreamSpec = {
  path: '/users/compliance/stream',
  partitions: 4,
  query: WINDOW,
  expansions: [],
  owner: ({ events }, e) => (USER_COMPLIANCE[events.kind.get(e)] ? events.actor.get(e) : -1),
  lines: ({ net }, _shape, e) => {
    const name = USER_COMPLIANCE[net.events.kind.get(e)];
    if (!name) return [];
    const u = net.events.actor.get(e);
    const body = {
      [name]: { user: { id: net.accounts.ids[u]!.toString() }, event_at: isoMillis(net.events.time.get(e)) },
    };
    return [{ owner: u, body: { data: body } }];
  },
};

const tweetsCompliance: StreamSpec = {
  path: '/tweets/compliance/stream',
  partitions: 4,
  query: WINDOW,
  expansions: [],
  owner: ({ events, posts }, e) =>
    events.kind.get(e) === EventKind.postDelete ? posts.author.get(events.post.get(e)) : -1,
  lines: ({ net }, _shape, e) => {
    if (net.events.kind.get(e) !== EventKind.postDelete) return [];
    const p = net.events.post.get(e);
    const author = net.posts.author.get(p);
    const tweet = { id: postId(net.posts, p), author_id: net.accounts.ids[author]!.toString() };
    return [
      { owner: author, body: { data: { delete: { tweet, event_at: isoMillis(net.events.time.get(e)) } } } },
    ];
  },
};

/** The Activity API's stream: one connection, not partitioned (X's document has no `partition` for it). */
const activityStream: StreamSpec = {
  path: '/activity/stream',
  partitions: 0,
  query: ['backfill_minutes', 'start_time', 'end_time'],
  expansions: [],
  lines: (view, _shape, e) => activityLines(view, view.activity, e),
};

export const STREAMS: readonly StreamSpec[] = [
  tweetsFirehose,
  likesFirehose,
  usersCompliance,
  tweetsCompliance,
  activityStream,
];
