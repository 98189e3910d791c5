/**
 * X's stream payloads → the live path's events (`@murmur/core/live`, semantics in the live-path
 * contract). Pure: the only state is `SeenUsers`, which decides when an account's user object
 * becomes a `user` event. Nothing downstream of this file reads an X shape.
 *
 * Every line is validated leniently (SPEC §8: bad input never crashes): fields X adds are ignored,
 * fields the document spells two ways (`referenced_posts` / `referenced_tweets`, `post_count` /
 * `tweet_count`) are both read, and a line that cannot be understood comes back as `malformed` with
 * a reason for the log and the counters, never as an exception.
 */

import { fnv1a } from '@murmur/core/hash';
import type { LiveEvent, LivePost, LiveUser } from '@murmur/core/live';
import { z } from 'zod';

/** The five streams a data partner consumes (X API v2 OpenAPI document, tag "Stream"). */
export type XStreamKind = 'posts' | 'likes' | 'activity' | 'users-compliance' | 'posts-compliance';

export type Translation =
  | { outcome: 'events'; events: LiveEvent[] }
  /** Understood, but nothing the index keeps (a withheld notice, a news activity, …). */
  | { outcome: 'ignored'; reason: string }
  /** X's in-stream error object (`{"errors": […]}`), e.g. an operational disconnect notice. */
  | { outcome: 'error'; reason: string }
  | { outcome: 'malformed'; reason: string };

/** X's epoch for Snowflake ids (ms): an id's top 41 bits are milliseconds since it. */
const SNOWFLAKE_EPOCH = 1_288_834_974_657;

/** When a Snowflake id (X's post, user and activity-event ids) was minted, or null if it is not one. */
export function snowflakeTime(id: string): number | null {
  if (!/^[0-9]{1,19}$/.test(id)) return null;
  const ms = Number(BigInt(id) >> 22n) + SNOWFLAKE_EPOCH;
  return ms > SNOWFLAKE_EPOCH ? ms : null;
}

/**
 * Which accounts' user objects the collector has passed on, by a fingerprint of what the index takes
 * from them (handle, name, bio, location, protected, verified — the contract's rules 1 and 2; the
 * public counts are left out because the index counts edges itself and they change with every
 * follow). An account's object becomes a `user` event the first time it is seen and whenever that
 * fingerprint changes. Bounded: the least recently seen accounts are forgotten beyond `capacity`, and
 * a forgotten account only costs one more `user` event with the same attributes, which applying
 * leaves unchanged.
 */
export class SeenUsers {
  readonly #prints = new Map<string, number>();

  constructor(readonly capacity = 500_000) {}

  /** True when `user` is new or changed (and records it). */
  changed(user: LiveUser): boolean {
    const print = fnv1a(
      [user.handle, user.name, user.bio, user.location, user.protected, user.verified].join('\u0000'),
    );
    const before = this.#prints.get(user.id);
    this.#prints.delete(user.id);
    this.#prints.set(user.id, print);
    if (this.#prints.size > this.capacity) {
      const oldest = this.#prints.keys().next();
      if (!oldest.done) this.#prints.delete(oldest.value);
    }
    return before !== print;
  }

  /** After a compliance event: the account's next object is passed on again (contract rule 7). */
  forget(id: string): void {
    this.#prints.delete(id);
  }

  get size(): number {
    return this.#prints.size;
  }
}

// ---- X's shapes, leniently ---------------------------------------------------------------------

const id = z.string().regex(/^[0-9]{1,19}$/, 'not an X id');
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);
const count = z.number().int().nonnegative().nullish();
const dateTime = z.string().refine((v) => Number.isFinite(Date.parse(v)), 'not a date-time');

const xUser = z.object({
  id,
  username: z.string().min(1),
  name: text,
  description: text,
  location: text,
  created_at: text,
  protected: flag,
  verified: flag,
  public_metrics: z
    .object({
      followers_count: count,
      following_count: count,
      post_count: count,
      tweet_count: count,
    })
    .nullish(),
});
type XUser = z.infer<typeof xUser>;

/** A user object as X sends it in includes.users or a follow activity; unusable objects are skipped. */
const looseUsers = z
  .array(z.unknown())
  .nullish()
  .transform((list) =>
    (list ?? []).flatMap((u) => {
      const parsed = xUser.safeParse(u);
      return parsed.success ? [parsed.data] : [];
    }),
  );

const reference = z.object({ type: z.string(), id });
const xPost = z.object({
  id,
  author_id: id,
  created_at: dateTime,
  text,
  lang: text,
  entities: z
    .object({
      hashtags: z.array(z.object({ tag: z.string() })).nullish(),
      mentions: z.array(z.object({ id: id.nullish(), username: z.string().nullish() })).nullish(),
    })
    .nullish(),
  referenced_posts: z.array(reference).nullish(),
  referenced_tweets: z.array(reference).nullish(),
});
type XPost = z.infer<typeof xPost>;

const includes = z.object({ users: looseUsers }).nullish();
const errors = z.array(z.unknown()).min(1);

const postLine = z.object({ data: xPost, includes });
const likeLine = z.object({
  data: z.object({
    id: z.string().nullish(),
    created_at: dateTime.nullish(),
    timestamp_ms: z.number().nullish(),
    liked_tweet_id: id,
    tweet_author_id: id,
    // Not in the document's LikeWithPostAuthor; read when X (or the sandbox) sends it.
    liking_user_id: id.nullish(),
  }),
  includes,
});
const activityLine = z.object({
  data: z.object({
    event_type: z.string(),
    event_uuid: id.nullish(),
    // Not in the document; preferred over the event id's Snowflake time when present.
    created_at: dateTime.nullish(),
    filter: z.object({ user_id: id.nullish() }).nullish(),
    includes,
    payload: z.unknown(),
  }),
});
const complianceTarget = z.object({ user: z.object({ id }), event_at: dateTime });
const postComplianceTarget = z.object({ tweet: z.object({ id, author_id: id }), event_at: dateTime });

// ---- translation ------------------------------------------------------------------------------

const reason = (error: z.ZodError): string => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(line)'}: ${issue.message}` : 'invalid';
};

export function liveUser(u: XUser): LiveUser {
  const m = u.public_metrics;
  return {
    id: u.id,
    handle: u.username,
    name: u.name,
    bio: u.description,
    location: u.location,
    created: u.created_at,
    protected: u.protected,
    verified: u.verified,
    followers: m?.followers_count ?? 0,
    following: m?.following_count ?? 0,
    posts: m?.post_count ?? m?.tweet_count ?? 0,
  };
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

function livePost(p: XPost, users: XUser[]): LivePost {
  let replyTo: string | null = null;
  let repostOf: string | null = null;
  let quoteOf: string | null = null;
  for (const ref of [...(p.referenced_posts ?? []), ...(p.referenced_tweets ?? [])]) {
    if (ref.type === 'replied_to') replyTo ??= ref.id;
    else if (ref.type === 'retweeted') repostOf ??= ref.id;
    else if (ref.type === 'quoted') quoteOf ??= ref.id;
  }
  const byHandle = new Map(users.map((u) => [u.username.toLowerCase(), u.id]));
  const mentions = (p.entities?.mentions ?? []).flatMap((m) => {
    const mentioned = m.id ?? (m.username ? byHandle.get(m.username.toLowerCase()) : undefined);
    return mentioned ? [mentioned] : [];
  });
  return {
    id: p.id,
    author: p.author_id,
    created: p.created_at,
    lang: p.lang,
    text: p.text,
    hashtags: (p.entities?.hashtags ?? []).map((h) => h.tag.replace(/^#/, '')),
    mentions: unique(mentions),
    replyTo,
    repostOf,
    quoteOf,
  };
}

/**
 * Turns one parsed stream line into events. `seen` is the collector's memory of user objects
 * already passed on (one per collector: a `user` event precedes the first post, like or follow that
 * brings an account's object, and follows every change of it).
 */
export function translate(kind: XStreamKind, line: unknown, seen: SeenUsers): Translation {
  if (line === null || typeof line !== 'object') return { outcome: 'malformed', reason: 'not an object' };
  if (!('data' in line)) {
    const errs = errors.safeParse((line as { errors?: unknown }).errors);
    return errs.success
      ? { outcome: 'error', reason: JSON.stringify(errs.data).slice(0, 500) }
      : { outcome: 'malformed', reason: 'neither data nor errors' };
  }
  switch (kind) {
    case 'posts':
      return posts(line, seen);
    case 'likes':
      return likes(line, seen);
    case 'activity':
      return activity(line, seen);
    case 'users-compliance':
      return usersCompliance(line, seen);
    case 'posts-compliance':
      return postsCompliance(line);
  }
}

/** A `user` event for `u` when it is new or changed, keyed by the instant it was seen at. */
function userEvent(u: XUser, at: number, seen: SeenUsers, always = false, relocated = false): LiveEvent[] {
  const user = liveUser(u);
  const changed = seen.changed(user);
  return changed || always
    ? [
        {
          type: 'user',
          // Its own key: a post's author at the same instant must not make it a replay.
          key: relocated ? `user:${user.id}:${at}:geo` : `user:${user.id}:${at}`,
          at,
          user,
          ...(relocated && { relocated: true as const }),
        },
      ]
    : [];
}

function posts(line: object, seen: SeenUsers): Translation {
  const parsed = postLine.safeParse(line);
  if (!parsed.success) return { outcome: 'malformed', reason: reason(parsed.error) };
  const { data, includes: inc } = parsed.data;
  const users = inc?.users ?? [];
  const at = Date.parse(data.created_at);
  const author = users.find((u) => u.id === data.author_id);
  const post = livePost(data, users);
  return {
    outcome: 'events',
    events: [
      ...(author ? userEvent(author, at, seen) : []),
      {
        type: 'post',
        key: `post:${post.id}`,
        at,
        post,
        ...(author && { author: liveUser(author) }),
      },
    ],
  };
}

/**
 * The document's LikeWithPostAuthor names the liked post and its author but not who liked it. The
 * liker is read from `liking_user_id` when a stream sends it, else from `includes.users`: the user
 * object there that is not the liked post's author, or the only one (a self-like). The collector
 * asks for no `liked_tweet_author_id` expansion, so includes.users holds the liker alone.
 */
function likes(line: object, seen: SeenUsers): Translation {
  const parsed = likeLine.safeParse(line);
  if (!parsed.success) return { outcome: 'malformed', reason: reason(parsed.error) };
  const { data, includes: inc } = parsed.data;
  const users = inc?.users ?? [];
  const likerObject = data.liking_user_id
    ? users.find((u) => u.id === data.liking_user_id)
    : (users.find((u) => u.id !== data.tweet_author_id) ?? (users.length === 1 ? users[0] : undefined));
  const liker = data.liking_user_id ?? likerObject?.id;
  if (!liker) return { outcome: 'malformed', reason: 'data: a like without its liker' };
  const at = data.created_at
    ? Date.parse(data.created_at)
    : data.timestamp_ms && data.timestamp_ms > 1e12
      ? data.timestamp_ms
      : null;
  if (at === null) return { outcome: 'malformed', reason: 'data.created_at: missing' };
  return {
    outcome: 'events',
    events: [
      ...(likerObject ? userEvent(likerObject, at, seen) : []),
      {
        type: 'like',
        key: `like:${liker}:${data.liked_tweet_id}`,
        at,
        user: liker,
        post: data.liked_tweet_id,
        author: data.tweet_author_id,
      },
    ],
  };
}

const followPayload = z.object({ source: z.unknown(), target: z.unknown() });
const postDeletePayload = z.object({ id, author_id: id });

/**
 * The Activity API: follows and unfollows (with both accounts' user objects), profile updates (the
 * changed account's object in `includes.users`; an update without it is ignored, and the account's
 * next post or like brings the new object anyway) and post deletions. Posts and likes arrive through
 * the firehoses, so their activity copies are ignored. An activity's instant is its `created_at`
 * when sent, else its event id's Snowflake time, so a replayed line gets the same key.
 */
function activity(line: object, seen: SeenUsers): Translation {
  const parsed = activityLine.safeParse(line);
  if (!parsed.success) return { outcome: 'malformed', reason: reason(parsed.error) };
  const data = parsed.data.data;
  const at = data.created_at
    ? Date.parse(data.created_at)
    : data.event_uuid
      ? snowflakeTime(data.event_uuid)
      : null;
  if (at === null) return { outcome: 'malformed', reason: 'data.event_uuid: no instant' };
  const type = data.event_type;
  if (type === 'follow.follow' || type === 'follow.unfollow') {
    const payload = followPayload.safeParse(data.payload);
    if (!payload.success) return { outcome: 'malformed', reason: `payload: ${reason(payload.error)}` };
    const source = userObject(payload.data.source);
    const target = userObject(payload.data.target);
    const from = source?.id ?? idOf(payload.data.source);
    const to = target?.id ?? idOf(payload.data.target);
    if (!from || !to) return { outcome: 'malformed', reason: 'payload: source or target without id' };
    const kind = type === 'follow.follow' ? 'follow' : 'unfollow';
    return {
      outcome: 'events',
      events: [
        ...(source ? userEvent(source, at, seen) : []),
        ...(target ? userEvent(target, at, seen) : []),
        { type: kind, key: `${kind}:${from}:${to}:${at}`, at, from, to },
      ],
    };
  }
  if (type.startsWith('profile.update.')) {
    const users = data.includes?.users ?? [];
    const who = data.filter?.user_id;
    const user = who ? users.find((u) => u.id === who) : users.length === 1 ? users[0] : undefined;
    if (!user) return { outcome: 'ignored', reason: `${type} without the user object` };
    // Always passed on: the update says the profile changed even if a fingerprinted field did not.
    // A place changed: resolved again by the engine, whatever text it last saw for the account.
    return { outcome: 'events', events: userEvent(user, at, seen, true, type === 'profile.update.geo') };
  }
  if (type === 'post.delete') {
    const payload = postDeletePayload.safeParse(data.payload);
    if (!payload.success) return { outcome: 'malformed', reason: `payload: ${reason(payload.error)}` };
    const { id: post, author_id: author } = payload.data;
    return {
      outcome: 'events',
      events: [{ type: 'post-delete', key: `post-delete:${post}`, at, post, author }],
    };
  }
  return { outcome: 'ignored', reason: type };
}

const idOf = (value: unknown): string | undefined => {
  const parsed = z.object({ id }).safeParse(value);
  return parsed.success ? parsed.data.id : undefined;
};
/** A full user object (with its handle), or undefined when X sent only an id. */
const userObject = (value: unknown): XUser | undefined => {
  const parsed = xUser.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

const USER_COMPLIANCE = {
  user_delete: 'user-delete',
  user_suspend: 'user-suspend',
  user_protect: 'user-protect',
  user_undelete: 'user-restore',
  user_unsuspend: 'user-restore',
  user_unprotect: 'user-restore',
} as const;

/**
 * The users compliance stream: deletions, suspensions and protections (and their reversals) become
 * the compliance events; withheld, geo-scrub and profile-modification notices are ignored (the
 * index keeps no withheld countries or geo, and a profile change comes as a `user` event).
 */
function usersCompliance(line: object, seen: SeenUsers): Translation {
  const data = (line as { data: unknown }).data;
  if (data === null || typeof data !== 'object')
    return { outcome: 'malformed', reason: 'data: not an object' };
  for (const [field, type] of Object.entries(USER_COMPLIANCE)) {
    if (!(field in data)) continue;
    const parsed = complianceTarget.safeParse((data as Record<string, unknown>)[field]);
    if (!parsed.success) return { outcome: 'malformed', reason: `data.${field}.${reason(parsed.error)}` };
    const user = parsed.data.user.id;
    const at = Date.parse(parsed.data.event_at);
    // Its next user object must be passed on again: after a restore it brings the account back.
    seen.forget(user);
    return { outcome: 'events', events: [{ type, key: `${type}:${user}:${at}`, at, user }] };
  }
  return { outcome: 'ignored', reason: Object.keys(data).join(',') || 'empty data' };
}

/** The posts compliance stream: `delete` removes the post; withheld, drop, undrop and edit are ignored. */
function postsCompliance(line: object): Translation {
  const data = (line as { data: unknown }).data;
  if (data === null || typeof data !== 'object')
    return { outcome: 'malformed', reason: 'data: not an object' };
  if (!('delete' in data)) return { outcome: 'ignored', reason: Object.keys(data).join(',') || 'empty data' };
  const parsed = postComplianceTarget.safeParse(data.delete);
  if (!parsed.success) return { outcome: 'malformed', reason: `data.delete.${reason(parsed.error)}` };
  const { id: post, author_id: author } = parsed.data.tweet;
  const at = Date.parse(parsed.data.event_at);
  return {
    outcome: 'events',
    events: [{ type: 'post-delete', key: `post-delete:${post}`, at, post, author }],
  };
}
