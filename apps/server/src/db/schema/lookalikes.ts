import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { audienceConfigs } from './audiences';
import { bytes } from './membership';

/**
 * A lookalike saved as an audience (docs/API-AUDIENCES.md "Lookalikes"): its saved audience's package
 * names one custom audience, `audience_name`, whose members are these X ids (sorted, delta-encoded by
 * lib/member-ids.ts). The server registers them in the engine under that name at start
 * and whenever one is saved, so the saved audience is estimated, analysed and uploaded like any other.
 */
export const audienceLookalikes = pgTable('audience_lookalikes', {
  configId: integer('config_id')
    .primaryKey()
    .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
  audienceName: text('audience_name').notNull().unique(),
  /** The seed's saved audience (null for an uploaded list, or once that audience is deleted). */
  seedConfigId: integer('seed_config_id').references(() => audienceConfigs.id, { onDelete: 'set null' }),
  country: text('country'),
  percent: integer('percent').notNull(),
  members: integer('members').notNull(),
  ids: bytes('ids').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull(),
});

export type AudienceLookalikeRow = typeof audienceLookalikes.$inferSelect;
