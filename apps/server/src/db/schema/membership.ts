import { boolean, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { audienceConfigs } from './audiences';
import { audiencePoints } from './history';

/** Bytes (PostgreSQL bytea): member X ids encoded by lib/member-ids.ts. */
export const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A saved audience's latest recorded membership (docs/API-AUDIENCES.md "History"): the X ids of its
 * indexed members at the point of `day`, sorted and delta-encoded. The next point's membership is
 * recorded as its difference from this set, which it then replaces. None while the audience is above
 * the membership cap.
 */
export const audienceMemberships = pgTable('audience_memberships', {
  configId: integer('config_id')
    .primaryKey()
    .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
  /** The day of the point this set is the membership of. */
  day: text('day').notNull(),
  members: integer('members').notNull(),
  ids: bytes('ids').notNull(),
});

export type AudienceMembershipRow = typeof audienceMemberships.$inferSelect;

/**
 * A point's membership change: the X ids that joined and left since the audience's previous recorded
 * membership (the point of `baseDay`; null: the first of a chain, nothing before it to compare with).
 * `overCap`: the audience was above the cap that day and nothing was recorded. A point without a row
 * was recorded before memberships were kept. Removed with its point (the retention): a difference
 * between two retained points reads only the changes after the first, which stay.
 */
export const audiencePointMembers = pgTable(
  'audience_point_members',
  {
    pointId: integer('point_id')
      .primaryKey()
      .references(() => audiencePoints.id, { onDelete: 'cascade' }),
    configId: integer('config_id')
      .notNull()
      .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    overCap: boolean('over_cap').notNull().default(false),
    baseDay: text('base_day'),
    members: integer('members').notNull(),
    joined: bytes('joined'),
    left: bytes('left'),
  },
  (t) => [index('audience_point_members_config_day_idx').on(t.configId, t.day)],
);

export type AudiencePointMembersRow = typeof audiencePointMembers.$inferSelect;

/**
 * A saved audience's latest followed accounts (history.service.ts, the newcomer test): the X ids of
 * every account followed by at least `floor` of the `members` whose follows were read at the point
 * of `day`, sorted and delta-encoded. Replaced by each new point; one row per audience, not per day.
 */
export const audienceFollowedAccounts = pgTable('audience_followed_accounts', {
  configId: integer('config_id')
    .primaryKey()
    .references(() => audienceConfigs.id, { onDelete: 'cascade' }),
  day: text('day').notNull(),
  members: integer('members').notNull(),
  floor: integer('floor').notNull(),
  ids: bytes('ids').notNull(),
});

export type AudienceFollowedAccountsRow = typeof audienceFollowedAccounts.$inferSelect;
