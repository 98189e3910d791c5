import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  audienceMemberships,
  audiencePointMembers,
  type AudienceMembershipRow,
  type AudiencePointMembersRow,
} from '../../db/schema';

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;

/** A point's membership change and the audience's new latest set (null: none kept, above the cap). */
export interface MembershipWrite {
  change: typeof audiencePointMembers.$inferInsert;
  current: Omit<AudienceMembershipRow, 'configId'> | null;
}

/**
 * Writes a point's membership change and replaces the audience's latest set, on `db` (the
 * transaction that records the point: the two are written together or not at all).
 */
export async function writeMembership(db: Db, { change, current }: MembershipWrite): Promise<void> {
  await db.insert(audiencePointMembers).values(change).onConflictDoNothing();
  if (current === null) {
    await db.delete(audienceMemberships).where(eq(audienceMemberships.configId, change.configId));
    return;
  }
  const row = { configId: change.configId, ...current };
  await db
    .insert(audienceMemberships)
    .values(row)
    .onConflictDoUpdate({ target: audienceMemberships.configId, set: current });
}

/** Saved audiences' memberships over their history points (db/schema/membership.ts). */
export function createMembershipRepository(db: Db) {
  const latestDayOf = db
    .select({ day: audienceMemberships.day, members: audienceMemberships.members })
    .from(audienceMemberships)
    .where(eq(audienceMemberships.configId, sql.placeholder('configId')))
    .prepare('audience_membership_latest_day');
  return {
    /** The audience's latest recorded membership. */
    async current(configId: number): Promise<AudienceMembershipRow | undefined> {
      const [row] = await db
        .select()
        .from(audienceMemberships)
        .where(eq(audienceMemberships.configId, configId));
      return row;
    },

    /** The day and size of the audience's latest recorded membership (not its ids). */
    async latestDay(configId: number): Promise<{ day: string; members: number } | undefined> {
      const [row] = await latestDayOf.execute({ configId });
      return row;
    },

    /** The membership changes of an audience's points with `fromDay` < day ≤ `toDay`, oldest first. */
    between: (configId: number, fromDay: string, toDay: string): Promise<AudiencePointMembersRow[]> =>
      db
        .select()
        .from(audiencePointMembers)
        .where(
          and(
            eq(audiencePointMembers.configId, configId),
            gt(audiencePointMembers.day, fromDay),
            lte(audiencePointMembers.day, toDay),
          ),
        )
        .orderBy(asc(audiencePointMembers.day)),

    /** The membership change of the audience's point of `day`. */
    async onDay(configId: number, day: string): Promise<AudiencePointMembersRow | undefined> {
      const [row] = await db
        .select()
        .from(audiencePointMembers)
        .where(and(eq(audiencePointMembers.configId, configId), eq(audiencePointMembers.day, day)));
      return row;
    },

    /** A point's membership change. */
    async ofPoint(pointId: number): Promise<AudiencePointMembersRow | undefined> {
      const [row] = await db
        .select()
        .from(audiencePointMembers)
        .where(eq(audiencePointMembers.pointId, pointId));
      return row;
    },
  };
}
