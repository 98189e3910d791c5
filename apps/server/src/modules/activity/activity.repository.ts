import { and, count, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ActivityKind } from '@murmur/core/api';
import type { Db } from '../../db/database';
import {
  activityLog,
  audienceConfigs,
  campaigns,
  grantedAccounts,
  invites,
  memberships,
  socialAccounts,
  users,
} from '../../db/schema';

export interface NewActivity {
  teamId: number | null;
  userId: number | null;
  kind: ActivityKind;
  subject: string;
  details?: Record<string, string | number | boolean | null>;
  created: Date;
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;

/**
 * What a team's feed shows: its own entries, and the sign-ins (which belong to no team) of its
 * current members. Named once so the list and its count cannot disagree.
 */
export const activityOfTeam = (teamId: number) =>
  or(
    eq(activityLog.teamId, teamId),
    and(
      isNull(activityLog.teamId),
      inArray(
        activityLog.userId,
        sql`(select ${memberships.userId} from ${memberships} where ${memberships.teamId} = ${teamId})`,
      ),
    ),
  );

export function createActivityRepository(db: Db) {
  return {
    async insert(entry: NewActivity): Promise<void> {
      await db.insert(activityLog).values({ ...entry, details: entry.details ?? {} });
    },

    /** Newest first; the page and the total in one statement. */
    async list(teamId: number, query: { kind?: ActivityKind | undefined; limit: number; offset: number }) {
      const rows = await db
        .select({
          entry: activityLog,
          user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
          total: sql<number>`count(*) over()`.mapWith(Number),
        })
        .from(activityLog)
        .leftJoin(users, eq(users.id, activityLog.userId))
        .where(and(activityOfTeam(teamId), query.kind ? eq(activityLog.kind, query.kind) : undefined))
        .orderBy(desc(activityLog.created), desc(activityLog.id))
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** Entries per kind, in all and since `since` (the team's feed, as the list reads it). */
    async countsByKind(teamId: number, since: Date) {
      return db
        .select({
          kind: activityLog.kind,
          total: count().mapWith(Number),
          recent: sql<number>`count(*) filter (where ${gte(activityLog.created, since)})`.mapWith(Number),
        })
        .from(activityLog)
        .where(activityOfTeam(teamId))
        .groupBy(activityLog.kind)
        .orderBy(activityLog.kind);
    },

    async memberCount(teamId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.teamId, teamId));
      return row?.n ?? 0;
    },

    /** A saved audience's name and team, read before it is deleted (the feed keeps the name). */
    async audience(id: number) {
      const [row] = await db
        .select({ name: audienceConfigs.name, teamId: audienceConfigs.teamId })
        .from(audienceConfigs)
        .where(eq(audienceConfigs.id, id));
      return row;
    },
    /** A campaign's team, name and whether it is on X yet (publish and resume are told apart). */
    async campaign(id: number) {
      const [row] = await db
        .select({ teamId: campaigns.teamId, name: campaigns.name, xCampaignId: campaigns.xCampaignId })
        .from(campaigns)
        .where(eq(campaigns.id, id));
      return row && { teamId: row.teamId, name: row.name, onX: row.xCampaignId !== null };
    },

    /** The team of a membership (a grant is made through one). */
    async teamOfMembership(id: number): Promise<number | undefined> {
      const [row] = await db
        .select({ teamId: memberships.teamId })
        .from(memberships)
        .where(eq(memberships.id, id));
      return row?.teamId;
    },

    /** An invitation's team and address, read before it is withdrawn. */
    async invite(id: number) {
      const [row] = await db
        .select({ teamId: invites.teamId, name: invites.email })
        .from(invites)
        .where(eq(invites.id, id));
      return row;
    },

    /** A grant's team and ad account, read before it is withdrawn. */
    async grant(id: number) {
      const [row] = await db
        .select({ teamId: memberships.teamId, accountId: grantedAccounts.accountId })
        .from(grantedAccounts)
        .innerJoin(memberships, eq(memberships.id, grantedAccounts.membershipId))
        .where(eq(grantedAccounts.id, id));
      return row;
    },

    /** A linked social account's provider, read before it is unlinked. */
    async socialProvider(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ provider: socialAccounts.provider })
        .from(socialAccounts)
        .where(eq(socialAccounts.id, id));
      return row?.provider;
    },
  };
}
