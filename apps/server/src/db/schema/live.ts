import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * On-demand follower fetches of the live path's production bootstrap (docs/LIVE.md): "followers of
 * @handle" for an account the index has not seen reads its followers once through
 * `GET /2/users/:id/followers`, page by page, and from then on the Activity API keeps them current.
 * One row per X account for the whole deployment; `next_token` is where a restarted server resumes.
 */
export const followerFetches = pgTable('follower_fetches', {
  id: serial('id').primaryKey(),
  xUserId: text('x_user_id').notNull().unique(),
  handle: text('handle').notNull(),
  state: text('state', { enum: ['running', 'done', 'failed'] })
    .notNull()
    .default('running'),
  /** X's pagination token of the next page; null before the first page and when done. */
  nextToken: text('next_token'),
  /** Followers read so far. */
  fetched: integer('fetched').notNull().default(0),
  /** The account's followers_count when the fetch began (the progress's denominator). */
  total: integer('total').notNull().default(0),
  /** The instant every follow event of this fetch is keyed by, so a resumed page gives the same keys. */
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  error: text('error'),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});
