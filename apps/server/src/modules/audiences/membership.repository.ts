import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  audienceMemberships,
  audiencePointMembers,
  type AudienceMembershipRow,
  type AudiencePointMembersRow,
} from '../../db/schema';

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;

/**
 * A point's membership change (written with its point, whose id it takes) and the audience's new
 * latest set (null: none kept, above the cap).
 */
export interface MembershipWrite {
  change: Omit<typeof audiencePointMembers.$inferInsert, 'pointId'>;
  current: Omit<AudienceMembershipRow, 'configId'> | null;
}

/**
 * The writes of a point's membership as parts of the one statement that records the point
 * (history.repository.ts `record`): each selects from `point`, the row that statement inserted, so
 * nothing is written when no point was; the change is inserted and the audience's latest set
 * replaced (or removed above the cap).
 */
export function membershipWrites({ change, current }: MembershipWrite): SQL[] {
  const bytea = (b: Uint8Array | null | undefined) => sql`${b ?? null}::bytea`;
  const inserted = sql`insert into ${audiencePointMembers}
      (point_id, config_id, day, over_cap, base_day, members, joined, "left")
    select point.id, ${change.configId}::int, ${change.day}::text, ${change.overCap ?? false}::boolean,
      ${change.baseDay ?? null}::text, ${change.members}::int, ${bytea(change.joined)}, ${bytea(change.left)}
    from point
    on conflict do nothing`;
  if (current === null) {
    return [
      inserted,
      sql`delete from ${audienceMemberships}
        where config_id = ${change.configId}::int and exists (select 1 from point)`,
    ];
  }
  return [
    inserted,
    sql`insert into ${audienceMemberships} (config_id, day, members, ids)
      select ${change.configId}::int, ${current.day}::text, ${current.members}::int, ${bytea(current.ids)}
      from point
      on conflict (config_id) do update
        set day = excluded.day, members = excluded.members, ids = excluded.ids`,
  ];
}

/** The day of the audience's latest recorded set (null: none), as a column of another read. */
export const latestDaySql = (configId: number): SQL =>
  sql`(select day from ${audienceMemberships} where config_id = ${configId}::int)`;

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
