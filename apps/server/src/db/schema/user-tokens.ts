import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { users } from './users';

/**
 * Personal user tokens (SPEC §6 "Authorization: Token <key>"), one per sign-in, stored as SHA-256.
 * A sign-in's token belongs to its browser session and ends with it; tokens slide like sessions
 * (docs/API.md "Sessions and tokens").
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    keyHash: text('key_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in's browser session; null for tokens made before tokens belonged to one. */
    sessionId: integer('session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxExpiresAt: timestamp('max_expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    lastUsedAgent: text('last_used_agent'),
  },
  (t) => [index('user_tokens_user_id_idx').on(t.userId), index('user_tokens_session_id_idx').on(t.sessionId)],
);
