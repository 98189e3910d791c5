import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  apiKeys,
  audienceConfigs,
  campaigns,
  memberships,
  teams,
  users,
  type ApiKeyRow,
} from '../../db/schema';

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;

/** API keys (db/schema/api-access.ts) and the team lookups a key's calls are checked with. */
export function createApiKeysRepository(db: Db) {
  return {
    async create(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning();
      if (!row) throw new Error('api key insert returned nothing');
      return row;
    },

    /** A team's keys, newest first, with their creator's address. */
    list: (teamId: number) =>
      db
        .select({ key: apiKeys, creator: { id: users.id, email: users.email } })
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        .where(eq(apiKeys.teamId, teamId))
        .orderBy(desc(apiKeys.id)),

    async revoke(teamId: number, id: number, at: Date): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.teamId, teamId)))
        .returning();
      return row;
    },

    /**
     * A key by its hash with its creator and the creator's level on the key's team (null: not a
     * member any more).
     */
    async findByHash(keyHash: string) {
      const [row] = await db
        .select({ key: apiKeys, user: users, level: memberships.level, teamSlug: teams.slug })
        .from(apiKeys)
        .innerJoin(teams, eq(teams.id, apiKeys.teamId))
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        .leftJoin(
          memberships,
          and(eq(memberships.teamId, apiKeys.teamId), eq(memberships.userId, apiKeys.createdBy)),
        )
        .where(eq(apiKeys.keyHash, keyHash))
        .limit(1);
      return row;
    },

    /** Counts one call of a key and when it was made. */
    async recordUse(id: number, at: Date): Promise<void> {
      await db
        .update(apiKeys)
        .set({ usageCount: sql`${apiKeys.usageCount} + 1`, lastUsedAt: at })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
    },

    /** The team of an audience config (null: personal), undefined when there is none. */
    async teamOfAudience(id: number): Promise<number | null | undefined> {
      const [row] = await db
        .select({ teamId: audienceConfigs.teamId })
        .from(audienceConfigs)
        .where(eq(audienceConfigs.id, id));
      return row?.teamId;
    },

    async teamOfCampaign(id: number): Promise<number | undefined> {
      const [row] = await db.select({ teamId: campaigns.teamId }).from(campaigns).where(eq(campaigns.id, id));
      return row?.teamId;
    },
  };
}
