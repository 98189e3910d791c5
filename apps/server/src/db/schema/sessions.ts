import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { userTokens } from './user-tokens';
import { users } from './users';

/**
 * Browser sessions behind the `murmur_session` cookie. Only the SHA-256 of the key is stored, so a
 * database leak yields no usable cookie; the CSRF token is derived (HMAC) rather than stored.
 *
 * Sessions slide (docs/API.md "Sessions and tokens"): each use moves `expires_at` to the idle
 * lifetime from then, written at most once an hour, never beyond `max_expires_at`.
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
    /** The absolute end: the credential maximum, or the end of the token that signed this browser in. */
    maxExpiresAt: timestamp('max_expires_at', { withTimezone: true }).notNull(),
    /** The personal token that opened this session (`/rest-auth/login-via-token/`): it ends with it. */
    mintedByTokenId: integer('minted_by_token_id').references((): AnyPgColumn => userTokens.id, {
      onDelete: 'cascade',
    }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The client address as Fastify gives it (TRUST_PROXY respected). */
    lastUsedIp: text('last_used_ip'),
    /** The user agent summarised to browser and system ("Chrome on macOS"); never the whole string. */
    lastUsedAgent: text('last_used_agent'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_minted_by_token_id_idx').on(t.mintedByTokenId),
  ],
);
