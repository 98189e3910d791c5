import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AlertEvent, AlertKind, AudienceDigest } from '@murmur/core/api';
import type { EstimateFigure } from '@murmur/core/sampling';
import { audienceConfigs } from './audiences';
import { users } from './users';

/**
 * One point of a saved audience's history (docs/API-AUDIENCES.md "History"): its size and a compact
 * digest of its composition on one day (UTC), measured by the engine's live index. At most one per
 * audience and day; points older than the retention (HISTORY_RETENTION_DAYS) are removed.
 */
export const audiencePoints = pgTable(
  'audience_points',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
    /** The day (UTC, YYYY-MM-DD) the point stands for. */
    day: text('day').notNull(),
    measured: timestamp('measured', { withTimezone: true }).notNull(),
    /** Members counted in the index (a count, not an estimate). */
    sampleCount: integer('sample_count').notNull(),
    size: jsonb('size').$type<EstimateFigure>().notNull(),
    /** Compact arrays (modules/audiences/history-digest.ts); points recorded before: the API's object form. */
    digest: jsonb('digest').$type<StoredDigest | AudienceDigest>().notNull(),
  },
  (t) => [
    uniqueIndex('audience_points_config_day_idx').on(t.configId, t.day),
    index('audience_points_day_idx').on(t.day),
  ],
);

/**
 * A composition section as a point keeps it: members, complete (1/0), its values as flat runs of
 * value, label (0: none), count; the partition (0: none); the newcomers as flat runs of value,
 * label, count, since, was, was_members (0: none).
 */
export type StoredSection = [
  members: number,
  complete: 0 | 1,
  values: (string | number)[],
  partition: string | 0,
  entered: (string | number)[] | 0,
];

/**
 * A digest as a point keeps it (history-digest.ts): format 1, members, per DIGEST_FIELDS complete
 * (1/0) then flat runs of value, label (0: the value), count; per DIGEST_SECTIONS a section or 0.
 */
export type StoredDigest = [
  format: 1,
  members: number,
  fields: [0 | 1, ...(string | number)[]][],
  sections?: (StoredSection | 0)[],
];

/** A point as the history repository gives it: its digest read back in the API's form. */
export type AudiencePointRow = Omit<typeof audiencePoints.$inferSelect, 'digest'> & {
  digest: AudienceDigest;
};

/**
 * An alert rule on a saved audience (docs/API-AUDIENCES.md "Alerts"): its creator is told by mail
 * and/or a signed webhook when a day's point moved beyond noise by more than the threshold.
 */
export const audienceAlerts = pgTable(
  'audience_alerts',
  {
    id: serial('id').primaryKey(),
    configId: integer('config_id')
      .notNull()
      .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `size`: the estimate moved by more than `threshold` %; `panel`: a value's share by more than `threshold` points. */
    kind: text('kind').$type<AlertKind>().notNull(),
    threshold: real('threshold').notNull(),
    email: boolean('email').notNull(),
    webhookUrl: text('webhook_url'),
    /** The webhook's signing secret, sealed (lib/crypto.ts). */
    webhookSecret: text('webhook_secret'),
    /** The last day the rule fired (it fires at most once per point). */
    lastFiredDay: text('last_fired_day'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audience_alerts_config_id_idx').on(t.configId),
    index('audience_alerts_owner_id_idx').on(t.ownerId),
  ],
);

/** One delivery of an alert's event to one channel, with its attempts (the delivery log). */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => audienceAlerts.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'webhook'>().notNull(),
    event: jsonb('event').$type<AlertEvent>().notNull(),
    state: text('state').$type<'pending' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The webhook receiver's HTTP status of the last attempt. */
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    delivered: timestamp('delivered', { withTimezone: true }),
  },
  (t) => [
    index('alert_deliveries_alert_id_idx').on(t.alertId),
    index('alert_deliveries_due_idx').on(t.state, t.nextAttemptAt),
  ],
);

export type AudienceAlertRow = typeof audienceAlerts.$inferSelect;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
