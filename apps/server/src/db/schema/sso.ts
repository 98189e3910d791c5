import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MEMBERSHIP_LEVELS, teams } from './teams';

/**
 * A team's OpenID Connect single sign-on (docs/SSO-AND-AUDIT.md): one provider per team. The client
 * secret is sealed (lib/crypto.ts `seal`, purpose "sso-client-secret"), never stored in the clear.
 */
export const teamSso = pgTable('team_sso', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** Lower-case e-mail domains whose verified addresses may sign in ("example.com"). */
  domains: jsonb('domains').$type<string[]>().notNull().default([]),
  /** The level a user signing in for the first time is given on the team. */
  level: text('level', { enum: MEMBERSHIP_LEVELS }).notNull().default('member'),
  enabled: boolean('enabled').notNull().default(false),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

export type TeamSsoRow = typeof teamSso.$inferSelect;
