import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { TargetingPackage } from '@murmur/core/targeting';
import { audienceConfigs, audiencePlans } from './audiences';
import { teams } from './teams';
import { users } from './users';

/**
 * The OAuth 1.0a user token of a user's connected X account, kept to call X's Ads API for them
 * (ad accounts, custom-audience uploads). Both halves are sealed (AES-GCM under SESSION_SECRET).
 */
export const xAdsCredentials = pgTable('x_ads_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  xUserId: text('x_user_id').notNull(),
  sealedToken: text('sealed_token').notNull(),
  sealedSecret: text('sealed_secret').notNull(),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

export const UPLOAD_STATES = ['processing', 'ready', 'failed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/**
 * An audience uploaded to an ad account on X as a custom audience (SPEC §5, §7 uploaded audiences):
 * its members' hashed handles went through the Ads API; `state` follows X's processing until the
 * custom audience is targetable ("may take up to one day", SPEC §9). Either a saved audience's
 * upload (`audience_config_id`) or a set a reach plan pushed (the plan's union, or one step less the
 * earlier ones: `audience_plan_id`, no saved audience of its own); both count as uploads of the month.
 */
export const uploadedAudiences = pgTable(
  'uploaded_audiences',
  {
    id: serial('id').primaryKey(),
    audienceConfigId: integer('audience_config_id').references(() => audienceConfigs.id, {
      onDelete: 'cascade',
    }),
    /** The reach plan that pushed it; null for a saved audience's upload or once the plan is deleted. */
    audiencePlanId: integer('audience_plan_id').references(() => audiencePlans.id, { onDelete: 'set null' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    /** X's custom audience id. */
    customAudienceId: text('custom_audience_id').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: UPLOAD_STATES }).notNull(),
    targetable: boolean('targetable').notNull().default(false),
    /** Identifiers sent, and X's audience_size when last checked. */
    uploadedCount: integer('uploaded_count').notNull(),
    audienceSize: integer('audience_size').notNull().default(0),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    checked: timestamp('checked', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploaded_audiences_team_id_idx').on(t.teamId), unique().on(t.audienceConfigId, t.accountId)],
);

/** SPEC §1, §9: a team's acceptance of the Japanese agreement, who accepted and when. */
export const japaneseAgreements = pgTable('japanese_agreements', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  acceptedByEmail: text('accepted_by_email').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
});

/**
 * SPEC §4, §7: a targeting package applied to an ad account ("audience used in ads"), with what
 * the external API's audience usages do to it (share, reorder handles, restore, autopilot).
 */
export const audienceUsages = pgTable(
  'audience_usages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    adAccountId: text('ad_account_id').notNull(),
    state: text('state').notNull(),
    audienceConfigId: integer('audience_config_id').references(() => audienceConfigs.id, {
      onDelete: 'set null',
    }),
    targetingPackage: jsonb('targeting_package').$type<TargetingPackage>().notNull(),
    countries: jsonb('countries').$type<string[]>().notNull().default([]),
    lineItemId: text('line_item_id'),
    sharedWith: jsonb('shared_with').$type<string[]>().notNull().default([]),
    /**
     * The share link's secret part (docs/API-AUDIENCES.md "Share links"): the link's signature is an
     * HMAC of the id and this nonce, so a new nonce (rotate) kills the old link at once and null
     * (revoke) kills it for good. The link stops working after `share_expires_at`.
     */
    shareNonce: text('share_nonce'),
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    autopilotHours: integer('autopilot_hours'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  // The saved list's status (audienceStatusSql) looks up each listed config's usages; uploads have
  // their unique (audience_config_id, account_id) index for the same lookups.
  (t) => [
    index('audience_usages_user_id_idx').on(t.userId),
    index('audience_usages_audience_config_id_idx').on(t.audienceConfigId),
  ],
);
