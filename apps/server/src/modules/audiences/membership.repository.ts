import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  audienceMemberships,
  audiencePointMembers,
  type AudienceMembershipRow,
  type AudiencePointMembersRow,
} from '../../db/schema';

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;

/** Saved audiences' memberships over their history points (db/schema/membership.ts). */
export function createMembershipRepository(db: Db) {
  return {
    /** The audience's latest recorded membership. */
    async current(configId: number): Promise<AudienceMembershipRow | undefined> {
      const [row] = await db
        .select()
        .from(audienceMemberships)
        .where(eq(audienceMemberships.configId, configId));
      return row;
    },

    /**
     * Records a point's membership change and the audience's new latest set together (`current`
     * null: no set kept, the audience being above the cap).
     */
    record: (
      change: typeof audiencePointMembers.$inferInsert,
      current: Omit<AudienceMembershipRow, 'configId'> | null,
    ) =>
      db.transaction(async (tx) => {
        await tx.insert(audiencePointMembers).values(change).onConflictDoNothing();
        if (current === null) {
          await tx.delete(audienceMemberships).where(eq(audienceMemberships.configId, change.configId));
          return;
        }
        const row = { configId: change.configId, ...current };
        await tx
          .insert(audienceMemberships)
          .values(row)
          .onConflictDoUpdate({ target: audienceMemberships.configId, set: current });
      }),

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
