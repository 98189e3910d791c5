import { and, asc, eq, gte, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
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

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

/** The points of saved audiences' histories (db/schema/history.ts). */
export function createHistoryRepository(db: Db) {
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

    /** Records a point; a point already there for that day stays (the first of the day counts): undefined. */
    async insert(point: {
      configId: number;
      day: string;
      measured: Date;
      sampleCount: number;
      size: EstimateFigure;
      digest: AudienceDigest;
    }): Promise<AudiencePointRow | undefined> {
      const [row] = await db.insert(audiencePoints).values(point).onConflictDoNothing().returning();
      return row;
    },

    /** An audience's points from `fromDay` on, oldest first. */
    list: (configId: number, fromDay: string): Promise<AudiencePointRow[]> =>
      db
        .select()
        .from(audiencePoints)
        .where(and(eq(audiencePoints.configId, configId), gte(audiencePoints.day, fromDay)))
        .orderBy(asc(audiencePoints.day)),

    /** The audience's latest followed accounts (the newcomer test's previous side), if any. */
    async followedOf(configId: number): Promise<AudienceFollowedAccountsRow | undefined> {
      const [row] = await db
        .select()
        .from(audienceFollowedAccounts)
        .where(eq(audienceFollowedAccounts.configId, configId));
      return row;
    },

    /** Replaces the audience's latest followed accounts. */
    async saveFollowed(row: AudienceFollowedAccountsRow): Promise<void> {
      const { configId: _configId, ...rest } = row;
      await db
        .insert(audienceFollowedAccounts)
        .values(row)
        .onConflictDoUpdate({ target: audienceFollowedAccounts.configId, set: rest });
    },

    /** The audience's latest point on or before `day`. */
    async atOrBefore(configId: number, day: string): Promise<AudiencePointRow | undefined> {
      const [row] = await db
        .select()
        .from(audiencePoints)
        .where(and(eq(audiencePoints.configId, configId), lte(audiencePoints.day, day)))
        .orderBy(sql`${audiencePoints.day} desc`)
        .limit(1);
      return row;
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
