import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// Deep Thought (SPEC §7 analytics tool): a user's own X accounts and what was synced from X's API v2
// with their tokens. X ids are kept as text (snowflakes exceed 2^53).

/** An X account connected for analysis; the OAuth 1.0a user token is sealed (lib/crypto.ts seal). */
export const dtAccounts = pgTable(
  'dt_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    xUserId: text('x_user_id').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    sealedTokens: text('sealed_tokens').notNull(),
    selectedAt: timestamp('selected_at', { withTimezone: true }).notNull().defaultNow(),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.xUserId)],
);

/** Every X user a sync saw (followers, followings, engagers, list members) as X last described them. */
export const dtUsers = pgTable(
  'dt_users',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => dtAccounts.id, { onDelete: 'cascade' }),
    xUserId: text('x_user_id').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    profileImageUrl: text('profile_image_url').notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    protected: boolean('protected').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    tweetCount: integer('tweet_count').notNull().default(0),
    listedCount: integer('listed_count').notNull().default(0),
    spamScore: doublePrecision('spam_score').notNull().default(0),
    spamReasons: text('spam_reasons').array().notNull().default([]),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.xUserId] })],
);

/**
 * A follow relation seen by successive syncs: it began (`since`, or the first sync when `initial`)
 * and, once a sync no longer sees it, ended (`until`). Unfollowers between two dates are the
 * follower spans that ended between them.
 */
export const dtSpans = pgTable(
  'dt_spans',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => dtAccounts.id, { onDelete: 'cascade' }),
    xUserId: text('x_user_id').notNull(),
    /** 'follower': they follow the account; 'following': the account follows them. */
    direction: text('direction').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
    initial: boolean('initial').notNull().default(false),
  },
  (t) => [index('dt_spans_open_idx').on(t.accountId, t.direction, t.until)],
);

/** The syncs that completed, for "how fresh" and for which changes a date range can show. */
export const dtSyncs = pgTable('dt_syncs', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => dtAccounts.id, { onDelete: 'cascade' }),
  finished: timestamp('finished', { withTimezone: true }).notNull(),
  followers: integer('followers').notNull(),
  following: integer('following').notNull(),
});

export const dtPosts = pgTable(
  'dt_posts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => dtAccounts.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    likeCount: integer('like_count').notNull().default(0),
    retweetCount: integer('retweet_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    quoteCount: integer('quote_count').notNull().default(0),
    impressionCount: integer('impression_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.postId] })],
);

/**
 * Engagement as X listed it: who liked ('like'), reposted ('repost') or quoted ('quote') one of the
 * account's posts, who mentioned or replied to it ('mention', post_id the mention), and whose posts
 * the account liked ('liked', post_id the liked post, x_user_id its author).
 */
export const dtEngagements = pgTable(
  'dt_engagements',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => dtAccounts.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    xUserId: text('x_user_id').notNull(),
    kind: text('kind').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.postId, t.xUserId, t.kind] })],
);

/** When sampled followers posted (their recent posts' times): the best time to post reads it. */
export const dtActivity = pgTable(
  'dt_activity',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => dtAccounts.id, { onDelete: 'cascade' }),
    xUserId: text('x_user_id').notNull(),
    postId: text('post_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.postId] })],
);

/**
 * How many posts the account published per hour (X's GET /2/tweets/counts/recent, from:handle, the
 * last 7 days): the best time to post sets the account's own hours beside its followers'.
 */
export const dtPostCounts = pgTable(
  'dt_post_counts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => dtAccounts.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    posts: integer('posts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.start] })],
);

/** The account's lists on X, mirrored locally. */
export const dtLists = pgTable(
  'dt_lists',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => dtAccounts.id, { onDelete: 'cascade' }),
    xListId: text('x_list_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    private: boolean('private').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.accountId, t.xListId)],
);

export const dtListMembers = pgTable(
  'dt_list_members',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => dtLists.id, { onDelete: 'cascade' }),
    xUserId: text('x_user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.xUserId] })],
);

/**
 * A sync or a follow/unfollow job. State lives here, so a restarted server resumes it: a job
 * `running` or `waiting` at start-up is picked up again, and a follow job's done items are skipped.
 */
export const dtJobs = pgTable(
  'dt_jobs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => dtAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    stage: text('stage').notNull().default(''),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    error: text('error'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dt_jobs_state_idx').on(t.state)],
);

/** One account of a follow/unfollow job: 'pending' until X answered, then 'done' or 'failed'. */
export const dtJobItems = pgTable(
  'dt_job_items',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => dtJobs.id, { onDelete: 'cascade' }),
    xUserId: text('x_user_id').notNull(),
    position: integer('position').notNull(),
    state: text('state').notNull().default('pending'),
    error: text('error'),
    doneAt: bigint('done_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.xUserId] })],
);
