import { integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * SPEC §3 user.social_accounts ({id, provider}). Only the table exists for now: social sign-in
 * (SPEC §4) fills it once the X / provider OAuth flows are built.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id for the account. */
    uid: text('uid').notNull(),
    extraData: jsonb('extra_data').notNull().default({}),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.provider, t.uid)],
);
