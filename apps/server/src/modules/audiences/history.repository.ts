import { and, asc, eq, gte, inArray, lt, lte, notExists, notInArray, sql, type SQL } from 'drizzle-orm';
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
import { latestDayOf, membershipWrites, type MembershipWrite } from './membership.repository';

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

/**
 * Replaces the audiences' latest followed accounts, as a part of the statement that records their
 * points (`recordMany`): only those whose point was inserted (joined to `point` by the audience of
 * the point each goes with, `of`).
 */
const followedWrites = (rows: readonly { of: number; row: AudienceFollowedAccountsRow }[]): SQL =>
  sql`insert into ${audienceFollowedAccounts} (config_id, day, members, floor, ids)
    select v.config_id, v.day, v.members, v.floor, v.ids
    from (values ${sql.join(
      rows.map(
        ({ of, row: r }) =>
          sql`(${of}::int, ${r.configId}::int, ${r.day}::text, ${r.members}::int, ${r.floor}::int, ${r.ids}::bytea)`,
      ),
      sql`, `,
    )}) as v (point_config_id, config_id, day, members, floor, ids)
    join point on point.config_id = v.point_config_id
    on conflict (config_id) do update
      set day = excluded.day, members = excluded.members, floor = excluded.floor, ids = excluded.ids`;

/** A point to record with what is written with it (`recordMany`). */
export interface PointWrite {
  point: NewPoint;
  followed?: AudienceFollowedAccountsRow | undefined;
  membership?: MembershipWrite | undefined;
}

/** The raw row of `priorOfMany` (nulls where the audience has none). */
interface PriorRow {
  config_id: number | string;
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

/** What a new point reads of its audience before it (`priorOfMany`). */
export interface Prior {
  followed: AudienceFollowedAccountsRow | undefined;
  previous: AudiencePointRow | undefined;
  membershipDay: string | null;
}

const priorOfRow = (configId: number, row: PriorRow): Prior => ({
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
});

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
  const repository = {
    /**
     * Saved audiences with no point for `day` or later yet, oldest first (a point never lands before
     * the latest: the index's time may trail the wall clock an earlier point fell back to), but
     * `skip` (audiences a run already failed to measure today).
     */
    due: async (day: string, limit: number, skip: readonly number[] = []) =>
      await db
        .select({
          id: audienceConfigs.id,
          targetingPackage: audienceConfigs.targetingPackage,
          exclusions: audienceConfigs.exclusions,
        })
        .from(audienceConfigs)
        .where(
          and(
            notExists(
              db
                .select({ one: sql`1` })
                .from(audiencePoints)
                .where(and(eq(audiencePoints.configId, audienceConfigs.id), gte(audiencePoints.day, day))),
            ),
            skip.length > 0 ? notInArray(audienceConfigs.id, [...skip]) : undefined,
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
     * Records points (of different audiences) with their audiences' followed accounts and the
     * points' memberships, in one statement: all together or nothing at all (a failure leaves no
     * part of a day's batch written), and one round trip for a scheduled run's batch
     * (bench/README.md "bench:history"). A point already there for its audience and day stays (the
     * first of the day counts) and nothing else is written with it: it is absent from the answer.
     * Returns the points recorded, by audience.
     */
    async recordMany(writes: readonly PointWrite[]): Promise<Map<number, AudiencePointRow>> {
      const recorded = new Map<number, AudiencePointRow>();
      if (writes.length === 0) return recorded;
      if (new Set(writes.map((w) => w.point.configId)).size !== writes.length) {
        throw new Error('one point per audience in a batch');
      }
      const followed = writes.flatMap((w) => (w.followed ? [{ of: w.point.configId, row: w.followed }] : []));
      const memberships = writes.flatMap((w) =>
        w.membership ? [{ of: w.point.configId, write: w.membership }] : [],
      );
      const parts = [
        ...(followed.length > 0 ? [followedWrites(followed)] : []),
        ...(memberships.length > 0 ? [membershipWrites(memberships)] : []),
      ];
      const rows = sql.join(
        writes.map(
          ({ point: p }) => sql`(${p.configId}::int, ${p.day}::text, ${p.measured}::timestamptz,
            ${p.sampleCount}::int, ${JSON.stringify(p.size)}::jsonb, ${JSON.stringify(storeDigest(p.digest))}::jsonb)`,
        ),
        sql`, `,
      );
      const result: unknown = await db.execute(sql`with point as (
          insert into ${audiencePoints} (config_id, day, measured, sample_count, size, digest)
          values ${rows}
          on conflict do nothing
          returning id, config_id
        )${sql.join(
          parts.map((part, i) => sql`, ${sql.raw(`w${i}`)} as (${part})`),
          sql``,
        )}
        select id, config_id from point`);
      // Both drivers answer { rows } (node-postgres and PGlite, as plugins/health.ts reads it).
      const inserted = (result as { rows: { id: number | string; config_id: number | string }[] }).rows;
      const byConfig = new Map(writes.map((w) => [w.point.configId, w.point]));
      for (const row of inserted) {
        const point = byConfig.get(Number(row.config_id))!;
        // The point as measured (its digest equals the stored one read back, history-digest.ts).
        const { configId, day, measured, sampleCount, size, digest } = point;
        recorded.set(configId, { id: Number(row.id), configId, day, measured, sampleCount, size, digest });
      }
      return recorded;
    },

    /** `recordMany` of one point: the point recorded, or undefined when its day had one already. */
    async record(
      point: NewPoint,
      writes: { followed?: AudienceFollowedAccountsRow; membership?: MembershipWrite },
    ): Promise<AudiencePointRow | undefined> {
      return (await repository.recordMany([{ point, ...writes }])).get(point.configId);
    },

    /**
     * What new points read of their audiences before them, in one statement: per audience its
     * latest followed accounts (`followedOf`), its latest point on or before `day` (`atOrBefore`)
     * and the day of its latest recorded membership (membership.repository.ts `latestDay`; null:
     * none). Every audience asked for is in the answer.
     */
    async priorOfMany(configIds: readonly number[], day: string): Promise<Map<number, Prior>> {
      const priors = new Map<number, Prior>();
      if (configIds.length === 0) return priors;
      const result: unknown = await db.execute(sql`
        select c.id as config_id, f.day as f_day, f.members as f_members, f.floor as f_floor, f.ids as f_ids,
          ${latestDayOf(sql`c.id`)} as m_day,
          p.id, p.day, p.measured, p.sample_count, p.size, p.digest
        from unnest(array[${sql.join(
          configIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}]) as c (id)
        left join ${audienceFollowedAccounts} f on f.config_id = c.id
        left join lateral (
          select * from ${audiencePoints}
          where config_id = c.id and day <= ${day}::text
          order by day desc
          limit 1
        ) p on true`);
      for (const row of (result as { rows: PriorRow[] }).rows) {
        const configId = Number(row.config_id);
        priors.set(configId, priorOfRow(configId, row));
      }
      for (const id of configIds) if (!priors.has(id)) throw new Error('a prior read answered no row');
      return priors;
    },

    /** `priorOfMany` of one audience. */
    async priorOf(configId: number, day: string): Promise<Prior> {
      return (await repository.priorOfMany([configId], day)).get(configId)!;
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
  return repository;
}
