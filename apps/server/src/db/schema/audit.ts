import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (docs/SSO-AND-AUDIT.md): access changes, key use, uploads and pushes to X and
 * campaign changes, with actor, IP and before/after. Append-only: modules/audit only inserts and
 * selects, and no route updates or deletes. No foreign keys on purpose: deleting a team or a user
 * must not erase or rewrite what they did (the actor's address is kept as it was).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id'),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email').notNull().default(''),
    ip: text('ip').notNull().default(''),
    action: text('action').notNull(),
    subject: text('subject').notNull().default(''),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_team_created_idx').on(t.teamId, t.created)],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
