import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Browser sessions behind the `murmur_session` cookie. Only the SHA-256 of the key is stored, so a
 * database leak yields no usable cookie; the CSRF token is derived (HMAC) rather than stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    keyHash: text('key_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
