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
 * A point's membership: the X ids that joined and left since the audience's previous recorded
 * membership (the point of `baseDay`; null: the first of a chain, nothing before it to compare with),
 * and every few points (or when that change is larger than the set) the full set, `ids`, from which
 * the set of any point is read forward or back (membership.service.ts). `overCap`: the audience was
 * above the cap that day and nothing was recorded. A point without a row was recorded before
 * memberships were kept. Removed with its point (the retention).
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
    /** The full set (sorted ids, delta-encoded): the first point of a chain and every few after. */
    ids: bytes('ids'),
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
