import type { ApiKeyScope, WebhookEvent, WebhookEventType } from '@murmur/core/api';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * Customer API keys (docs/API-KEYS.md): team-scoped, stored as the SHA-256 hex of the whole value.
 * A key acts as its creator within its team and scopes; it stops working when revoked or when the
 * creator is no longer an admin of the team (modules/api-access).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The admin who made it; a key whose creator is gone stops working. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** `mur_` and the next 6 characters, shown in lists. */
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
    usageCount: integer('usage_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_team_id_idx').on(t.teamId)],
);

/** A team's webhook receiver: the events it asked for, signed with its sealed secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    /** lib/crypto `seal`ed `whsec_…`. */
    secret: text('secret').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_team_id_idx').on(t.teamId)],
);

/** One event for one endpoint: its attempts, retried with backoff (webhooks.service.ts). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: jsonb('event').$type<WebhookEvent>().notNull(),
    state: text('state').$type<'pending' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    delivered: timestamp('delivered', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_id_idx').on(t.endpointId),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
