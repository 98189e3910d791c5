import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AudienceRequestKind, Language } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import { audienceConfigs } from './audiences';
import { users } from './users';

/**
 * A request from the pro-targeting site (request an audience, a download, access). Anyone may send
 * one; it counts once the requester opened the link mailed to them (`verified`), and staff answer it.
 * The link's token is kept hashed only.
 */
export const audienceRequests = pgTable(
  'audience_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<AudienceRequestKind>().notNull(),
    state: text('state').$type<'unverified' | 'verified' | 'answered'>().notNull().default('unverified'),
    /** The signed-in user who sent it, if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    handle: text('handle').notNull().default(''),
    adAccountId: text('ad_account_id').notNull().default(''),
    description: text('description').notNull().default(''),
    title: text('title').notNull().default(''),
    language: text('language').$type<Language>().notNull(),
    targetingPackage: jsonb('targeting_package').$type<TargetingPackage>(),
    /** SHA-256 (hex) of the token mailed to the requester. */
    tokenHash: text('token_hash').notNull().unique(),
    answer: text('answer').notNull().default(''),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    feedbackRating: integer('feedback_rating'),
    feedbackComment: text('feedback_comment'),
    created: timestamp('created', { withTimezone: true }).notNull(),
    verified: timestamp('verified', { withTimezone: true }),
    answered: timestamp('answered', { withTimezone: true }),
  },
  (t) => [index('audience_requests_state_idx').on(t.state, t.created)],
);

export type AudienceRequestRow = typeof audienceRequests.$inferSelect;

/** A watched audience: the weekly results monitor mails its owner how its size changed. */
export const monitors = pgTable(
  'monitors',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    targetingPackage: jsonb('targeting_package').$type<TargetingPackage>().notNull(),
    lastSize: integer('last_size'),
    previousSize: integer('previous_size'),
    lastRun: timestamp('last_run', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [index('monitors_owner_idx').on(t.ownerId)],
);

export type MonitorRow = typeof monitors.$inferSelect;

/**
 * Pro-targeting tokens (SPEC §6, the third token kind): issued to a user by the pro-targeting site's
 * sign-in (`/api/external/personal-magic-link/use/`, `standalone_me`), sent as
 * `Authorization: Token pro.<key>`, reaching only the pro site's routes (modules/pro/pro-tokens.ts),
 * deleted on logout. Stored as SHA-256 of the whole value, like personal tokens.
 */
export const proTargetingTokens = pgTable(
  'pro_targeting_tokens',
  {
    id: serial('id').primaryKey(),
    keyHash: text('key_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pro_targeting_tokens_user_id_idx').on(t.userId)],
);

/**
 * Share via account (docs/API-AUDIENCES.md): a list offered to another account, waiting for its
 * owner to accept (the list is then copied into their lists) or decline (the offer is deleted).
 * What is offered is the list as it was when shared; deleting the list withdraws the offer.
 */
export const listShareOffers = pgTable(
  'list_share_offers',
  {
    id: serial('id').primaryKey(),
    audienceConfigId: integer('audience_config_id')
      .notNull()
      .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'targeting_list' | 'saved_list'>().notNull(),
    targetingPackage: jsonb('targeting_package').$type<TargetingPackage>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('list_share_offers_to_user_idx').on(t.toUserId, t.created),
    // One waiting offer per list and recipient: offering it again replaces it.
    uniqueIndex('list_share_offers_list_to_user_idx').on(t.audienceConfigId, t.toUserId),
  ],
);

/**
 * A list's share link (docs/API-AUDIENCES.md "Share links"): the link mailed by "share by mail" is
 * signed with the list's current nonce, so a new nonce (rotate) kills the old link at once and no
 * row (revoke) kills it for good; it stops working at `expires_at`. One live link per list.
 */
export const listShareLinks = pgTable('list_share_links', {
  audienceConfigId: integer('audience_config_id')
    .primaryKey()
    .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  created: timestamp('created', { withTimezone: true }).notNull(),
});
