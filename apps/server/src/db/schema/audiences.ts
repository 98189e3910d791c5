import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { AudienceConfigKind, ReachLimits } from '@murmur/core/api';
import type { AudienceStatus, SizeBucket, TargetingPackage } from '@murmur/core/targeting';
import { teams } from './teams';
import { users } from './users';

/** Audience categories (GET /api/audience-categories/); seeded by the migration, "Exclusion Audience" included. */
export const audienceCategories = pgTable('audience_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/**
 * A saved audience (SPEC §3 audience config). It belongs to its owner and, when `team_id` is set, to
 * that team's members as well (docs/API-AUDIENCES.md). Size fields are the engine's numbers at save time.
 */
export const audienceConfigs = pgTable(
  'audience_configs',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<AudienceConfigKind>().notNull(),
    categoryId: integer('category_id').references(() => audienceCategories.id, { onDelete: 'set null' }),
    targetingPackage: jsonb('targeting_package').$type<TargetingPackage>().notNull(),
    /** Ids of other audience configs subtracted from this one. */
    exclusions: jsonb('exclusions').$type<number[]>().notNull().default([]),
    sampleCount: integer('sample_count').notNull(),
    size: integer('size').notNull(),
    sizeBucket: text('size_bucket').$type<SizeBucket>().notNull(),
    coreAudience: integer('core_audience').notNull(),
    totalNative: integer('total_native').notNull(),
    proTargetingSize: integer('pro_targeting_size').notNull(),
    targetable: boolean('targetable').notNull(),
    status: text('status').$type<AudienceStatus>().notNull(),
    isSuperInsights: boolean('is_super_insights').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audience_configs_owner_id_idx').on(t.ownerId),
    index('audience_configs_team_id_idx').on(t.teamId),
  ],
);

/** The stored insights report of a config (the latest one computed for it). */
export const audienceInsights = pgTable('audience_insights', {
  configId: integer('config_id')
    .primaryKey()
    .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
  insights: jsonb('insights').$type<Record<string, unknown>>().notNull(),
  computed: timestamp('computed', { withTimezone: true }).notNull(),
});

/** An audience plan: a user's named selection of audience configs with notes. */
export const audiencePlans = pgTable(
  'audience_plans',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    audienceConfigIds: jsonb('audience_config_ids').$type<number[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    /** A reach plan's limits (docs/API-AUDIENCES.md, the reach planner); null for a plain selection. */
    reach: jsonb('reach').$type<ReachLimits>(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audience_plans_owner_id_idx').on(t.ownerId)],
);

export type AudienceCategoryRow = typeof audienceCategories.$inferSelect;
export type AudienceConfigRow = typeof audienceConfigs.$inferSelect;
export type AudienceInsightsRow = typeof audienceInsights.$inferSelect;
export type AudiencePlanRow = typeof audiencePlans.$inferSelect;
