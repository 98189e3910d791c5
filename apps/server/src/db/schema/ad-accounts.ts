import { integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { memberships } from './teams';
import { users } from './users';

/** Ad networks an account can live on (matches `adNetworkSchema` in @murmur/core/api). */
export const AD_NETWORKS = ['twitter', 'facebook', 'google', 'linkedin'] as const;

/** SPEC §3 ad account {id, name}: the ad accounts a user can reach on a network. */
export const adAccounts = pgTable(
  'ad_accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network', { enum: AD_NETWORKS }).notNull(),
    /** The network's own account id (text: X ids exceed 2^53 and other networks use letters). */
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.network, t.accountId] })],
);

/** SPEC §3/§6 granted ad account: a membership lets its team upload audiences to one of its ad accounts. */
export const grantedAccounts = pgTable(
  'granted_accounts',
  {
    id: serial('id').primaryKey(),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    network: text('network', { enum: AD_NETWORKS }).notNull(),
    accountId: text('account_id').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.membershipId, t.network, t.accountId)],
);
