import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { userTokens } from './user-tokens';
import { users } from './users';

/**
 * Per-user extension tokens (SPEC §6, the extension token kind): the signed-in Murmur page obtains one
 * (`POST /api/user/extension-token/`) and hands it to the X Pro Targeting extension, which sends
 * `Authorization: Token xpt.<key>` on its own calls. Each belongs to the browser session or the
 * personal token that issued it (one at a time: issuing again replaces it) and dies with it — logout,
 * a new sign-in in that browser, the session's expiry. It reaches only the extension's routes
 * (plugins/auth.ts `requireExtensionCaller`). Stored as SHA-256 of the whole value.
 */
export const extensionTokens = pgTable(
  'extension_tokens',
  {
    id: serial('id').primaryKey(),
    keyHash: text('key_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The issuing browser session, or null when a personal token issued it. */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** The issuing personal token, or null when a session issued it. */
    userTokenId: integer('user_token_id').references(() => userTokens.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /** The issuing session's end when issued (kept for reference): the issuer's own sliding end is what counts. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('extension_tokens_user_id_idx').on(t.userId),
    index('extension_tokens_session_id_idx').on(t.sessionId),
    index('extension_tokens_user_token_id_idx').on(t.userTokenId),
  ],
);
