import { and, asc, desc, eq, gt, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { audiencePointMembers, type AudiencePointMembersRow } from '../../db/schema';

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;

/** A point's membership (written with its point, whose id it takes). */
export interface MembershipWrite {
  change: Omit<typeof audiencePointMembers.$inferInsert, 'pointId'>;
}

/**
 * The writes of points' memberships as part of the one statement that records the points
 * (history.repository.ts `recordMany`): each selects from `point`, the rows that statement inserted,
 * by the audience of its point (`of`), so nothing is written for a point that was not.
 */
export function membershipWrites(writes: readonly { of: number; write: MembershipWrite }[]): SQL {
  const bytea = (b: Uint8Array | null | undefined) => sql`${b ?? null}::bytea`;
  const rows = writes.map(
    ({
      of,
      write: { change: c },
    }) => sql`(${of}::int, ${c.configId}::int, ${c.day}::text, ${c.overCap ?? false}::boolean,
      ${c.baseDay ?? null}::text, ${c.members}::int, ${bytea(c.joined)}, ${bytea(c.left)}, ${bytea(c.ids)})`,
  );
  return sql`insert into ${audiencePointMembers}
      (point_id, config_id, day, over_cap, base_day, members, joined, "left", ids)
    select point.id, v.config_id, v.day, v.over_cap, v.base_day, v.members, v.joined, v."left", v.ids
    from (values ${sql.join(rows, sql`, `)})
      as v (point_config_id, config_id, day, over_cap, base_day, members, joined, "left", ids)
    join point on point.config_id = v.point_config_id
    on conflict do nothing`;
}

/**
 * The day of an audience's latest recorded membership (null: none, or the latest point was above
 * the cap), as a column of another read; `configId` an expression of that read (e.g. a column).
 */
export const latestDayOf = (configId: SQL): SQL =>
  sql`(select case when m.over_cap then null else m.day end from ${audiencePointMembers} m
    where m.config_id = ${configId} order by m.day desc limit 1)`;

/** A point's membership row without its full set. */
export type MembershipChangeRow = Pick<
  AudiencePointMembersRow,
  'pointId' | 'day' | 'baseDay' | 'overCap' | 'joined' | 'left'
>;
const changeColumns = {
  pointId: audiencePointMembers.pointId,
  day: audiencePointMembers.day,
  baseDay: audiencePointMembers.baseDay,
  overCap: audiencePointMembers.overCap,
  joined: audiencePointMembers.joined,
  left: audiencePointMembers.left,
};

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

    /**
     * The changes alone (no full sets: at 400 000 members each is megabytes to read) of an audience's
     * points with `fromDay` < day ≤ `toDay`, oldest first: what a difference between two points reads.
     */
    changesBetween: (configId: number, fromDay: string, toDay: string): Promise<MembershipChangeRow[]> =>
      db
        .select(changeColumns)
        .from(audiencePointMembers)
        .where(
          and(
            ofConfig(configId),
            gt(audiencePointMembers.day, fromDay),
            lte(audiencePointMembers.day, toDay),
          ),
        )
        .orderBy(asc(audiencePointMembers.day)),

    /** The membership of a point without its full set (`changesBetween`'s columns). */
    async changeOfPoint(pointId: number): Promise<MembershipChangeRow | undefined> {
      const [row] = await db
        .select(changeColumns)
        .from(audiencePointMembers)
        .where(eq(audiencePointMembers.pointId, pointId));
      return row;
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
