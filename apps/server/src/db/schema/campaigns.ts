import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { BudgetType, CampaignObjective } from '@murmur/core/api';
import type { Currency } from '@murmur/core/format';
import type { Placement, SizeBucket, TargetingPackage } from '@murmur/core/targeting';
import { audienceConfigs } from './audiences';
import { teams } from './teams';
import { users } from './users';

/** Where a campaign, ad set or ad stands; Scheduled/Expired are derived from the schedule when read. */
export const ENTITY_STATES = ['draft', 'active', 'paused', 'halted'] as const;
export type EntityState = (typeof ENTITY_STATES)[number];

// Column sets several tables share; functions, because a Drizzle column builder belongs to one table.

/** The team a row belongs to and the user who made it (both deleted with their owner). */
const teamOwned = () => ({
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});
const createdAt = () => timestamp('created', { withTimezone: true }).notNull().defaultNow();
const entityState = () => text('state').$type<EntityState>().notNull().default('draft');
/** A category list with English and Japanese names (SPEC §7). */
const categoryColumns = () => ({
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  nameJa: text('name_ja').notNull(),
});

/** An X targeting criterion as sent for an ad set. */
export interface SentCriterion {
  type: string;
  value: string;
  name: string;
}

/**
 * SPEC §3 campaign of a team on one of the ad accounts granted to it. Money is in the campaign's
 * currency with 2 decimals; `x_*` are X's ids once published.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    ...teamOwned(),
    adAccountId: text('ad_account_id').notNull(),
    name: text('name').notNull(),
    objective: text('objective').$type<CampaignObjective>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    budgetType: text('budget_type').$type<BudgetType>().notNull(),
    lifetimeBudget: numeric('lifetime_budget', { precision: 14, scale: 2 }),
    dailyBudget: numeric('daily_budget', { precision: 14, scale: 2 }),
    start: timestamp('start', { withTimezone: true }),
    end: timestamp('end', { withTimezone: true }),
    state: entityState(),
    xCampaignId: text('x_campaign_id'),
    xError: text('x_error'),
    statsSynced: timestamp('stats_synced', { withTimezone: true }),
    /** X's reach (distinct accounts reached) and average frequency over the delivery, as of `stats_synced`. */
    xReach: bigint('x_reach', { mode: 'number' }),
    xFrequency: numeric('x_frequency', { precision: 10, scale: 2 }),
    /** The largest delivery milestone (impressions) announced to the team's webhooks; 0 before the first. */
    impressionsMilestone: integer('impressions_milestone').notNull().default(0),
    created: createdAt(),
    modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_team_id_idx').on(t.teamId)],
);

/** An ad set (X line item): one saved audience's targeting on some placements. */
export const adsets = pgTable(
  'adsets',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    audienceConfigId: integer('audience_config_id').references(() => audienceConfigs.id, {
      onDelete: 'set null',
    }),
    /** The audience's package as published (kept when the audience later changes or goes). */
    targetingPackage: jsonb('targeting_package').$type<TargetingPackage>(),
    placements: jsonb('placements').$type<Placement[]>().notNull(),
    sizeBucket: text('size_bucket').$type<SizeBucket | 'auto'>().notNull(),
    state: entityState(),
    xLineItemId: text('x_line_item_id'),
    targeting: jsonb('targeting').$type<SentCriterion[]>().notNull().default([]),
    created: createdAt(),
  },
  (t) => [index('adsets_campaign_id_idx').on(t.campaignId)],
);

/** An image in a team's media library (stored on disk or S3 under `storage_key`). */
export const adMedia = pgTable(
  'ad_media',
  {
    id: serial('id').primaryKey(),
    ...teamOwned(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    created: createdAt(),
  },
  (t) => [index('ad_media_team_id_idx').on(t.teamId)],
);

/** A file uploaded through the policy/complete protocol, checked, not yet (or already) in the library. */
export const fileUploads = pgTable('file_uploads', {
  key: text('key').primaryKey(),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  mime: text('mime').notNull(),
  declaredSize: integer('declared_size').notNull(),
  /** Set by complete once the file was checked. */
  size: integer('size'),
  width: integer('width'),
  height: integer('height'),
  thumbnailKey: text('thumbnail_key'),
  expires: timestamp('expires', { withTimezone: true }).notNull(),
  completed: timestamp('completed', { withTimezone: true }),
});

/** An ad creative: the post an ad shows (text, optional image, call to action). */
export const adCreatives = pgTable(
  'ad_creatives',
  {
    id: serial('id').primaryKey(),
    ...teamOwned(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    mediaId: integer('media_id').references(() => adMedia.id, { onDelete: 'set null' }),
    callToAction: text('call_to_action'),
    url: text('url'),
    created: createdAt(),
  },
  (t) => [index('ad_creatives_team_id_idx').on(t.teamId)],
);

/** An ad: a creative promoted by an ad set (X promoted post). */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    adsetId: integer('adset_id')
      .notNull()
      .references(() => adsets.id, { onDelete: 'cascade' }),
    creativeId: integer('creative_id')
      .notNull()
      .references(() => adCreatives.id, { onDelete: 'restrict' }),
    state: entityState(),
    xTweetId: text('x_tweet_id'),
    xPromotedTweetId: text('x_promoted_tweet_id'),
    created: createdAt(),
  },
  (t) => [index('ads_adset_id_idx').on(t.adsetId)],
);

/** Delivery of one ad on one UTC day, as X's stats reported it (replaced on every sync). */
export const adStats = pgTable(
  'ad_stats',
  {
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull(),
    engagements: integer('engagements').notNull(),
    clicks: integer('clicks').notNull(),
    spendMicro: bigint('spend_micro', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);

/** SPEC §7 content and advertiser categories (X's IAB content categories, advertiser business categories). */
export const contentCategories = pgTable('content_categories', {
  ...categoryColumns(),
});
export const advertiserCategories = pgTable('advertiser_categories', {
  ...categoryColumns(),
});
