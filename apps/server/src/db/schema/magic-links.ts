import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Email sign-in links (SPEC §3 login link, §4 email login). The user row is created only when the
 * code is confirmed, so the address is kept here. Both codes are stored hashed.
 */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    magicCodeHash: text('magic_code_hash').notNull().unique(),
    confirmCodeHash: text('confirm_code_hash').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Confirm codes tried so far; after 5 wrong ones the link is dead. */
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // The per-email rate limit counts recent rows.
  (t) => [index('magic_links_email_created_idx').on(t.email, t.created)],
);
