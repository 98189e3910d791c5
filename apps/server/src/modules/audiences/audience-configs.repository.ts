import { asc, desc, eq, inArray, sql, type SQL, and } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { readableBy } from '../../db/readable-audience-config';
import { createConfigList } from './audience-config-list';
import {
  audienceCategories,
  audienceConfigs,
  audienceInsights,
  audienceUsages,
  groups,
  teams,
  uploadedAudiences,
  userGroups,
  users,
  type AudienceConfigRow,
} from '../../db/schema';
import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';

export type AudienceConfigValues = Omit<AudienceConfigRow, 'id' | 'isSuperInsights'>;
export type AudienceConfigsRepository = ReturnType<typeof createAudienceConfigsRepository>;

export interface ConfigFilters {
  /** The team's configs; undefined: the user's personal ones (no team). */
  teamId?: number;
  search?: string;
  kind?: AudienceConfigRow['kind'];
  status?: AudienceConfigRow['status'];
  targetable?: boolean;
  /** A category id, or a name (case-insensitive). */
  category?: number | string;
  ordering: string;
  limit: number;
  offset: number;
}

/**
 * SPEC §3 audience status, from what happened to the config since it was saved (docs/API-AUDIENCES.md
 * "Status"): Halted when every upload of it to an ad account failed at X; Scheduled while X is still
 * processing an upload and none is ready; Paused when it was applied to ad accounts and every such
 * use was withdrawn; Expired when its latest use in ads began more than two months ago (SPEC §9: an
 * audience is used at most 2 months from the campaign start); otherwise the status stored at save
 * time (Active when targetable, Draft when too small to target).
 */
export const audienceStatusSql = sql<AudienceConfigRow['status']>`case
  when exists (select 1 from ${uploadedAudiences} where ${uploadedAudiences.audienceConfigId} = ${audienceConfigs.id})
    and not exists (select 1 from ${uploadedAudiences} where ${uploadedAudiences.audienceConfigId} = ${audienceConfigs.id} and ${uploadedAudiences.state} <> 'failed')
    then 'Halted'
  when exists (select 1 from ${uploadedAudiences} where ${uploadedAudiences.audienceConfigId} = ${audienceConfigs.id} and ${uploadedAudiences.state} = 'processing')
    and not exists (select 1 from ${uploadedAudiences} where ${uploadedAudiences.audienceConfigId} = ${audienceConfigs.id} and ${uploadedAudiences.state} = 'ready')
    then 'Scheduled'
  when exists (select 1 from ${audienceUsages} where ${audienceUsages.audienceConfigId} = ${audienceConfigs.id})
    and not exists (select 1 from ${audienceUsages} where ${audienceUsages.audienceConfigId} = ${audienceConfigs.id} and ${audienceUsages.deletedAt} is null)
    then 'Paused'
  when (select max(${audienceUsages.created}) from ${audienceUsages} where ${audienceUsages.audienceConfigId} = ${audienceConfigs.id} and ${audienceUsages.deletedAt} is null) < now() - interval '2 months'
    then 'Expired'
  else ${audienceConfigs.status}
end`;

/** A config with what its presentation needs: creator, team, category, whether insights are stored. */
const joined = {
  status: audienceStatusSql,
  config: audienceConfigs,
  owner: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
  team: { id: teams.id, slug: teams.slug, name: teams.name },
  category: { id: audienceCategories.id, name: audienceCategories.name },
  hasInsights: sql<boolean>`exists (select 1 from ${audienceInsights} where ${audienceInsights.configId} = ${audienceConfigs.id})`,
};
export type JoinedSelection = typeof joined;
export type JoinedConfig = {
  /** The status as it is now (`audienceStatusSql`), not only as it was stored at save time. */
  status: AudienceConfigRow['status'];
  config: AudienceConfigRow;
  owner: { id: number; email: string; firstName: string; lastName: string };
  team: { id: number; slug: string; name: string } | null;
  category: { id: number; name: string } | null;
  hasInsights: boolean;
};

const ORDER: Record<string, SQL[]> = {
  modified: [asc(audienceConfigs.modified)],
  '-modified': [desc(audienceConfigs.modified)],
  created: [asc(audienceConfigs.created)],
  '-created': [desc(audienceConfigs.created)],
  name: [asc(sql`lower(${audienceConfigs.name})`)],
  '-name': [desc(sql`lower(${audienceConfigs.name})`)],
  size: [asc(audienceConfigs.size)],
  '-size': [desc(audienceConfigs.size)],
};

/** docs/API-AUDIENCES.md's read rule (db/readable-audience-config.ts, shared with usages). */
export { readableBy };

/**
 * Stores a config's latest insights report in one statement: the insert selects the config, so a
 * config deleted meanwhile stores nothing, and a concurrent store of the same config updates the
 * row instead of failing on its key.
 */
export const storeInsightsStatement = (
  db: Db,
  configId: number,
  insights: Record<string, unknown>,
  computed: Date,
) =>
  db
    .insert(audienceInsights)
    .select(
      db
        .select({
          configId: audienceConfigs.id,
          insights: sql`${JSON.stringify(insights)}::jsonb`.as('insights'),
          computed: sql`${computed.toISOString()}::timestamptz`.as('computed'),
        })
        .from(audienceConfigs)
        .where(eq(audienceConfigs.id, configId)),
    )
    .onConflictDoUpdate({
      target: audienceInsights.configId,
      set: { insights: sql`excluded.insights`, computed: sql`excluded.computed` },
    });

export function createAudienceConfigsRepository(db: Db) {
  const readable = (userId: number) => readableBy(db, userId);

  const select = () =>
    db
      .select(joined)
      .from(audienceConfigs)
      .innerJoin(users, eq(users.id, audienceConfigs.ownerId))
      .leftJoin(teams, eq(teams.id, audienceConfigs.teamId))
      .leftJoin(audienceCategories, eq(audienceCategories.id, audienceConfigs.categoryId));

  async function findReadable(id: number, userId: number): Promise<JoinedConfig | undefined> {
    const [row] = await select().where(and(eq(audienceConfigs.id, id), readable(userId)));
    return row;
  }

  return {
    findReadable,

    /** SPEC §6: whether the user is in the group that gets creator access. */
    async isAudienceCreator(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(and(eq(userGroups.userId, userId), eq(groups.name, AUDIENCE_CREATOR_GROUP)))
        .limit(1);
      return row !== undefined;
    },

    /** The configs among `ids` the user may read (for exclusions and plans). */
    async readableAmong(ids: number[], userId: number): Promise<AudienceConfigRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(audienceConfigs)
        .where(and(inArray(audienceConfigs.id, ids), readable(userId)));
    },

    /** The saved list's page and count (prepared statements, audience-config-list.ts). */
    list: createConfigList(db, joined, ORDER),

    /** Readable configs in the given category (the exclusion audiences), newest first. */
    byCategoryName(userId: number, name: string): Promise<JoinedConfig[]> {
      return select()
        .where(and(readable(userId), sql`lower(${audienceCategories.name}) = lower(${name})`))
        .orderBy(desc(audienceConfigs.modified), desc(audienceConfigs.id));
    },

    async create(values: AudienceConfigValues): Promise<AudienceConfigRow> {
      const [row] = await db.insert(audienceConfigs).values(values).returning();
      if (!row) throw new Error('audience config insert returned nothing');
      return row;
    },

    async update(
      id: number,
      values: Partial<AudienceConfigValues & Pick<AudienceConfigRow, 'isSuperInsights'>>,
    ): Promise<void> {
      await db.update(audienceConfigs).set(values).where(eq(audienceConfigs.id, id));
    },

    async remove(id: number): Promise<void> {
      await db.delete(audienceConfigs).where(eq(audienceConfigs.id, id));
    },

    async insights(configId: number) {
      const [row] = await db.select().from(audienceInsights).where(eq(audienceInsights.configId, configId));
      return row;
    },

    /**
     * Keeps the latest report of a config; a config deleted meanwhile stores nothing. SPEC §3: a
     * targeting list "has is_super_insights" — set here when its full insights report (every panel,
     * the pro targeting tab included) is stored for the package it still has; a package changed
     * while the job ran leaves it unset (the service clears it when the package or kind changes).
     */
    async storeInsights(
      configId: number,
      insights: Record<string, unknown>,
      computed: Date,
      analysed: TargetingPackage,
    ): Promise<void> {
      await storeInsightsStatement(db, configId, insights, computed);
      await db
        .update(audienceConfigs)
        .set({ isSuperInsights: true })
        .where(
          and(
            eq(audienceConfigs.id, configId),
            eq(audienceConfigs.kind, 'targeting_list'),
            sql`${audienceConfigs.targetingPackage} = ${JSON.stringify(analysed)}::jsonb`,
          ),
        );
    },
  };
}
