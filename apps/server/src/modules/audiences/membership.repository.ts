import { and, asc, desc, eq, gt, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { audiencePointMembers, type AudiencePointMembersRow } from '../../db/schema';

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;

/** A point's membership (written with its point, whose id it takes). */
export interface MembershipWrite {
  change: Omit<typeof audiencePointMembers.$inferInsert, 'pointId'>;
}

/**
 * The write of a point's membership as part of the one statement that records the point
 * (history.repository.ts `record`): it selects from `point`, the row that statement inserted, so
 * nothing is written when no point was.
 */
export function membershipWrites({ change }: MembershipWrite): SQL[] {
  const bytea = (b: Uint8Array | null | undefined) => sql`${b ?? null}::bytea`;
  return [
    sql`insert into ${audiencePointMembers}
      (point_id, config_id, day, over_cap, base_day, members, joined, "left", ids)
    select point.id, ${change.configId}::int, ${change.day}::text, ${change.overCap ?? false}::boolean,
      ${change.baseDay ?? null}::text, ${change.members}::int, ${bytea(change.joined)}, ${bytea(change.left)},
      ${bytea(change.ids)}
    from point
    on conflict do nothing`,
  ];
}

/**
 * The day of the audience's latest recorded membership (null: none, or the latest point was above
 * the cap), as a column of another read.
 */
export const latestDaySql = (configId: number): SQL =>
  sql`(select case when m.over_cap then null else m.day end from ${audiencePointMembers} m
    where m.config_id = ${configId}::int order by m.day desc limit 1)`;

/** Saved audiences' memberships over their history points (db/schema/membership.ts). */
export function createMembershipRepository(db: Db) {
  const rows = (where: SQL | undefined, order: 'asc' | 'desc' = 'asc') =>
    db
      .select()
      .from(audiencePointMembers)
      .where(where)
      .orderBy(order === 'asc' ? asc(audiencePointMembers.day) : desc(audiencePointMembers.day));
  const ofConfig = (configId: number) => eq(audiencePointMembers.configId, configId);
  /** The day of the audience's latest full set on or before (or after) `day`. */
  const fullDay = async (configId: number, day: string, side: 'before' | 'after') => {
    const [row] = await db
      .select({ day: audiencePointMembers.day })
      .from(audiencePointMembers)
      .where(
        and(
          ofConfig(configId),
          isNotNull(audiencePointMembers.ids),
          side === 'before' ? lte(audiencePointMembers.day, day) : gt(audiencePointMembers.day, day),
        ),
      )
      .orderBy(side === 'before' ? desc(audiencePointMembers.day) : asc(audiencePointMembers.day))
      .limit(1);
    return row?.day;
  };
  return {
    /**
     * The rows a set of `day` is read from, oldest first: from the latest full set on or before it
     * to `day` (`forward`), else from `day` to the first full set after it (`back`: the changes
     * between are undone from that set); undefined when the audience has no full set at all.
     */
    async chainTo(
      configId: number,
      day: string,
    ): Promise<{ direction: 'forward' | 'back'; rows: AudiencePointMembersRow[] } | undefined> {
      const before = await fullDay(configId, day, 'before');
      if (before !== undefined) {
        return {
          direction: 'forward',
          rows: await rows(
            and(
              ofConfig(configId),
              gte(audiencePointMembers.day, before),
              lte(audiencePointMembers.day, day),
            ),
          ),
        };
      }
      const after = await fullDay(configId, day, 'after');
      if (after === undefined) return undefined;
      return {
        direction: 'back',
        rows: await rows(
          and(ofConfig(configId), gte(audiencePointMembers.day, day), lte(audiencePointMembers.day, after)),
        ),
      };
    },

    /** The membership changes of an audience's points with `fromDay` < day ≤ `toDay`, oldest first. */
    between: (configId: number, fromDay: string, toDay: string): Promise<AudiencePointMembersRow[]> =>
      rows(
        and(ofConfig(configId), gt(audiencePointMembers.day, fromDay), lte(audiencePointMembers.day, toDay)),
      ),

    /** The day of the audience's latest recorded membership (null: none, or above the cap then). */
    async latestDay(configId: number): Promise<string | null> {
      const [row] = await rows(ofConfig(configId), 'desc').limit(1);
      return row && !row.overCap ? row.day : null;
    },

    /** The membership of the audience's point of `day`. */
    async onDay(configId: number, day: string): Promise<AudiencePointMembersRow | undefined> {
      const [row] = await rows(and(ofConfig(configId), eq(audiencePointMembers.day, day)));
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
