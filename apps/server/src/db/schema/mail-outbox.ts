import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { invites } from './invites';

/** What a mail is for; an invitation's row also marks its invite `sent` once delivered. */
export const OUTBOX_KINDS = [
  'sign-in-code',
  'invitation',
  'pro-request',
  'monitor-report',
  'audience-alert',
  'agency-report',
  'usage-share',
] as const;

/**
 * Mail written in the same transaction as what it announces (a sign-in code, an invitation), so a
 * crash can no longer leave one without the other; the sender (integrations/mail/outbox.ts) delivers
 * it, retries with backoff, and at start-up sends what a previous process left behind.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    /** The recipient, readable for the logs; the mail itself is in `payload`. */
    recipient: text('recipient').notNull(),
    /**
     * The mail as JSON, AES-256-GCM encrypted with a key derived from SESSION_SECRET: it carries a
     * sign-in code or an invitation link, which the rest of the database only holds hashed.
     * Emptied once sent.
     */
    payload: text('payload'),
    inviteId: integer('invite_id').references(() => invites.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a sender may next try. Set ahead (a lease) by whoever is sending, so that two processes
     * do not send the same mail; a process that dies holding it lets it fall due again.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A sign-in code is useless after its 15 minutes: not delivered after this. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
