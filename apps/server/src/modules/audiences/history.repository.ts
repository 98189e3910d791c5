import { and, asc, eq, gte, inArray, lt, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { AudienceDigest } from '@murmur/core/api';
import type { EstimateFigure } from '@murmur/core/sampling';
import type { Db } from '../../db/database';
import {
  audienceConfigs,
  audienceFollowedAccounts,
  audiencePoints,
  type AudienceFollowedAccountsRow,
  type AudiencePointRow,
} from '../../db/schema';
import { readDigest, storeDigest } from './history-digest';
import { latestDaySql, membershipWrites, type MembershipWrite } from './membership.repository';

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

/** A point to record. */
export interface NewPoint {
  configId: number;
  day: string;
  measured: Date;
  sampleCount: number;
  size: EstimateFigure;
  digest: AudienceDigest;
}

const p = (name: string) => sql.placeholder(name);

/** A stored point with its digest read back (history-digest.ts). */
const pointOf = (row: typeof audiencePoints.$inferSelect): AudiencePointRow => ({
  ...row,
  digest: readDigest(row.digest),
});

/** Replaces the audience's latest followed accounts, as a part of the statement that records the point (`record`). */
const followedWrite = (row: AudienceFollowedAccountsRow): SQL =>
  sql`insert into ${audienceFollowedAccounts} (config_id, day, members, floor, ids)
    select ${row.configId}::int, ${row.day}::text, ${row.members}::int, ${row.floor}::int, ${row.ids}::bytea
    from point
    on conflict (config_id) do update
      set day = excluded.day, members = excluded.members, floor = excluded.floor, ids = excluded.ids`;

/** The raw row of `priorOf` (nulls where the audience has none). */
interface PriorRow {
  f_day: string | null;
  f_members: number | null;
  f_floor: number | null;
  f_ids: Uint8Array | null;
  m_day: string | null;
  id: number | string | null;
  day: string | null;
  measured: Date | string | null;
  sample_count: number | null;
  size: AudiencePointRow['size'] | null;
  digest: (typeof audiencePoints.$inferSelect)['digest'] | null;
}

/** The points of saved audiences' histories (db/schema/history.ts). */
export function createHistoryRepository(db: Db) {
  // The reads of every point, built by drizzle once (bench/README.md "bench:history").
  const listFrom = db
    .select()
    .from(audiencePoints)
    .where(and(eq(audiencePoints.configId, p('configId')), gte(audiencePoints.day, p('fromDay'))))
    .orderBy(asc(audiencePoints.day))
    .prepare('audience_points_from');
  const followedOf = db
    .select()
    .from(audienceFollowedAccounts)
    .where(eq(audienceFollowedAccounts.configId, p('configId')))
    .prepare('audience_followed_of');
  const atOrBefore = db
    .select()
    .from(audiencePoints)
    .where(and(eq(audiencePoints.configId, p('configId')), lte(audiencePoints.day, p('day'))))
    .orderBy(sql`${audiencePoints.day} desc`)
    .limit(1)
    .prepare('audience_point_at_or_before');
  return {
    /**
     * Saved audiences with no point for `day` or later yet, oldest first (a point never lands before
     * the latest: the index's time may trail the wall clock an earlier point fell back to).
     */
    due: (day: string, limit: number) =>
      db
        .select({
          id: audienceConfigs.id,
          targetingPackage: audienceConfigs.targetingPackage,
          exclusions: audienceConfigs.exclusions,
        })
        .from(audienceConfigs)
        .where(
          notExists(
            db
              .select({ one: sql`1` })
              .from(audiencePoints)
              .where(and(eq(audiencePoints.configId, audienceConfigs.id), gte(audiencePoints.day, day))),
          ),
        )
        .orderBy(asc(audienceConfigs.id))
        .limit(limit),

    /** The packages of saved audiences by id (the exclusions of a config being measured). */
    packagesOf: async (ids: number[]) =>
      ids.length === 0
        ? []
        : db
            .select({ id: audienceConfigs.id, targetingPackage: audienceConfigs.targetingPackage })
            .from(audienceConfigs)
            .where(inArray(audienceConfigs.id, ids)),

    /**
     * Records a point with the audience's followed accounts and the point's membership, in one
     * statement (so together or not at all, and one round trip: bench/README.md "bench:history"). A
     * point already there for that day stays (the first of the day counts) and nothing else is
     * written: undefined.
     */
    async record(
      point: NewPoint,
      writes: { followed?: AudienceFollowedAccountsRow; membership?: MembershipWrite },
    ): Promise<AudiencePointRow | undefined> {
      const parts = [
        ...(writes.followed ? [followedWrite(writes.followed)] : []),
        ...(writes.membership ? membershipWrites(writes.membership) : []),
      ];
      const result: unknown = await db.execute(sql`with point as (
          insert into ${audiencePoints} (config_id, day, measured, sample_count, size, digest)
          values (${point.configId}::int, ${point.day}::text, ${point.measured}::timestamptz,
            ${point.sampleCount}::int, ${JSON.stringify(point.size)}::jsonb,
            ${JSON.stringify(storeDigest(point.digest))}::jsonb)
          on conflict do nothing
          returning id
        )${sql.join(
          parts.map((part, i) => sql`, ${sql.raw(`w${i}`)} as (${part})`),
          sql``,
        )}
        select id from point`);
      // Both drivers answer { rows } (node-postgres and PGlite, as plugins/health.ts reads it).
      const id = (result as { rows: { id: number | string }[] }).rows[0]?.id;
      if (id === undefined) return undefined;
      // The point as measured (its digest equals the stored one read back, history-digest.ts).
      const { configId, day, measured, sampleCount, size, digest } = point;
      return { id: Number(id), configId, day, measured, sampleCount, size, digest };
    },

    /**
     * What a new point reads of the audience before it, in one statement: its latest followed
     * accounts (`followedOf`), its latest point on or before `day` (`atOrBefore`) and the day of
     * its latest recorded membership (membership.repository.ts `latestDay`; null: none).
     */
    async priorOf(
      configId: number,
      day: string,
    ): Promise<{
      followed: AudienceFollowedAccountsRow | undefined;
      previous: AudiencePointRow | undefined;
      membershipDay: string | null;
    }> {
      const result: unknown = await db.execute(sql`
        select f.day as f_day, f.members as f_members, f.floor as f_floor, f.ids as f_ids,
          ${latestDaySql(configId)} as m_day,
          p.id, p.day, p.measured, p.sample_count, p.size, p.digest
        from (select 1) as one
        left join ${audienceFollowedAccounts} f on f.config_id = ${configId}::int
        left join lateral (
          select * from ${audiencePoints}
          where config_id = ${configId}::int and day <= ${day}::text
          order by day desc
          limit 1
        ) p on true`);
      const [row] = (result as { rows: PriorRow[] }).rows;
      if (!row) throw new Error('the prior read of a point answered no row');
      return {
        followed:
          row.f_day === null
            ? undefined
            : {
                configId,
                day: row.f_day,
                members: row.f_members!,
                floor: row.f_floor!,
                ids: new Uint8Array(row.f_ids!),
              },
        previous:
          row.id === null
            ? undefined
            : pointOf({
                id: Number(row.id),
                configId,
                day: row.day!,
                // Raw timestamps come as text on both drivers (drizzle's own reads parse them so).
                measured: row.measured instanceof Date ? row.measured : new Date(row.measured!),
                sampleCount: row.sample_count!,
                size: row.size!,
                digest: row.digest!,
              }),
        membershipDay: row.m_day,
      };
    },

    /** An audience's points from `fromDay` on, oldest first. */
    list: async (configId: number, fromDay: string): Promise<AudiencePointRow[]> =>
      (await listFrom.execute({ configId, fromDay })).map(pointOf),

    /** The audience's latest followed accounts (the newcomer test's previous side), if any. */
    async followedOf(configId: number): Promise<AudienceFollowedAccountsRow | undefined> {
      const [row] = await followedOf.execute({ configId });
      return row;
    },

    /** The audience's latest point on or before `day`. */
    async atOrBefore(configId: number, day: string): Promise<AudiencePointRow | undefined> {
      const [row] = await atOrBefore.execute({ configId, day });
      return row && pointOf(row);
    },

    /** Removes points older than `beforeDay` (the retention); returns how many. */
    async prune(beforeDay: string): Promise<number> {
      return (
        await db
          .delete(audiencePoints)
          .where(lt(audiencePoints.day, beforeDay))
          .returning({ id: audiencePoints.id })
      ).length;
    },
  };
}
