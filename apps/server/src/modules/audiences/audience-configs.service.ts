import type { z } from 'zod';
import type { AudienceConfig, audienceConfigQuerySchema, saveAudienceConfigSchema } from '@murmur/core/api';
import {
  countriesToSend,
  EXCLUSION_AUDIENCE_CATEGORY,
  isTargetingPackageNonEmpty,
  type TargetingPackage,
} from '@murmur/core/targeting';
import type { AudienceCategoryRow, AudienceConfigRow, TeamRow, UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { assertMayChange } from '../../lib/team-rule';
import type {
  AudienceConfigsRepository,
  AudienceConfigValues,
  JoinedConfig,
} from './audience-configs.repository';
import { requireNonEmpty, samplingOf } from '../../engine/engine-audience';
import { isPromise, type MaybePromise } from '@murmur/engine';
import { createEstimateCache, type EstimateCache, type SizedEstimate } from '../../engine/estimate-cache';
import { presentConfig } from './present';

export type SaveConfigInput = z.output<typeof saveAudienceConfigSchema>;
export type ConfigQuery = z.output<typeof audienceConfigQuerySchema>;
/** JSON with object keys sorted: jsonb hands a stored package back with its keys reordered. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

export type AudienceConfigsService = ReturnType<typeof createAudienceConfigsService>;

/** Whose saved list is read: the caller's own, or a team's the caller may read. */
export interface ListScope {
  key: string;
  teamId?: number;
}

/** docs/API-AUDIENCES.md: an audience is targetable when it is non-empty and reaches ≥ 100 sample accounts. */
export const TARGETABLE_MIN_SAMPLE = 100;

/**
 * The teams module's membership check (teamsService.access, wired in modules/index.ts): the team
 * behind a path value for its members; it throws the same 404 for non-members and unknown teams.
 */
export interface TeamAccess {
  access(user: UserRow, teamRef: string): Promise<{ team: TeamRow; membership: { level: string } }>;
}

/**
 * Whose list a query asks for: `team:<id>` once the caller's access to it is checked (on every
 * request: a membership can end), else `user:<id>`. The list's answer depends on this scope and
 * the query only, so a cached answer is keyed by them (audience-configs.routes.ts).
 */
const listScopeOf =
  (teamsService: TeamAccess) =>
  async (user: UserRow, query: ConfigQuery): Promise<ListScope> => {
    if (query.team === undefined) return { key: `user:${user.id}` };
    const teamId = (await teamsService.access(user, query.team)).team.id;
    return { key: `team:${teamId}`, teamId };
  };

/** A category filter: an id (it fits PostgreSQL's integer; longer digits can only be a name, none matches) or a name. */
const categoryOf = (category: string | undefined) =>
  category === undefined ? undefined : /^\d{1,9}$/.test(category) ? Number(category) : category;

/** The one row a read by id found, else 404. */
function foundOr404<T>([row]: T[]): T {
  if (!row) throw new NotFound();
  return row;
}

/** A ready-made audience of the store (modules/store), as far as saving one needs it. */
export type FindStoreAudience = (
  id: number,
) => Promise<{ targeting_package: TargetingPackage; category?: { id: number } | null } | undefined>;

export function createAudienceConfigsService(deps: {
  repo: AudienceConfigsRepository;
  teamsService: TeamAccess;
  engine: EngineHolder;
  findCategory: (id: number) => Promise<AudienceCategoryRow | undefined>;
  /** Absent until the store module provides it: `from_audience` is refused then. */
  findStoreAudience?: FindStoreAudience;
  /** Told of every package sized through build-audience. */
  onBuild?: (pkg: TargetingPackage) => void;
  /** The team plan's cap on saved audiences (modules/billing); none when absent. */
  savedAudienceLimit?: { assertCanSaveAudience(teamId: number): Promise<void> };
  /** Recent build-audience estimates (engine/estimate-cache.ts); one per service by default. */
  estimates?: EstimateCache;
  clock: Clock;
}) {
  const { repo, teamsService, engine, clock } = deps;
  const estimates = deps.estimates ?? createEstimateCache();

  async function readable(user: UserRow, id: number): Promise<JoinedConfig> {
    const found = await repo.findReadable(id, user.id);
    if (!found) throw new NotFound();
    return found;
  }

  /** The config row under `readable`'s rule (404), without its presentation's joins and status. */
  const readableRow = async (user: UserRow, id: number): Promise<AudienceConfigRow> =>
    foundOr404(await repo.readableAmong([id], user.id));

  /**
   * Exclusion ids → the packages of those configs. Each must be readable by the caller (404
   * otherwise, as for any config of someone else); signed out, none is.
   */
  async function exclusionPackages(user: UserRow | undefined, ids: number[]): Promise<TargetingPackage[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = user ? await repo.readableAmong(unique, user.id) : [];
    if (rows.length !== unique.length) throw new NotFound();
    return rows.map((r) => r.targetingPackage);
  }

  /**
   * The engine's numbers at save time. total_native = the population estimate; core_audience = the
   * members matching at least two primary items (the whole audience with fewer than two);
   * pro_targeting_size = the size of the package as the pro-targeting extension applies it to an ad
   * account (SPEC §9): the first 100 handles (as the engine always evaluates) and its countries only
   * when fewer than 50 are selected — with 50 or more, none is sent and the audience is worldwide.
   */
  function sizes(pkg: TargetingPackage, exclusions: TargetingPackage[]) {
    const e = engine.get();
    const audience = e.evaluate(pkg, { exclusions });
    const core = Math.round(e.coreAudience(pkg, audience) * e.scale);
    const sent = { ...pkg, countries: countriesToSend(pkg.countries) };
    // Without its countries a package of countries alone is empty: the extension applies nothing.
    const proTargetingSize =
      sent.countries.length === pkg.countries.length
        ? audience.populationEstimate
        : isTargetingPackageNonEmpty(sent)
          ? e.evaluate(sent, { exclusions }).populationEstimate
          : 0;
    const targetable = audience.sampleCount >= TARGETABLE_MIN_SAMPLE;
    return {
      sampleCount: audience.sampleCount,
      size: audience.populationEstimate,
      sizeBucket: audience.sizeBucket,
      coreAudience: core,
      totalNative: audience.populationEstimate,
      proTargetingSize,
      targetable,
      status: targetable ? ('Active' as const) : ('Draft' as const),
    };
  }

  /** Checks a POST/PUT body and computes what is stored (nothing is written on any failure). */
  async function prepare(
    user: UserRow,
    input: SaveConfigInput,
    self?: { id: number; pkg: TargetingPackage },
  ) {
    // SPEC §6: saving a package the caller built needs creator access (the Audience_creator group);
    // keeping a ready-made store audience, or renaming a saved one without changing its package,
    // does not.
    const built =
      input.targeting_package !== undefined
        ? self === undefined || canonicalJson(input.targeting_package) !== canonicalJson(self.pkg)
        : input.from_audience === undefined;
    // The pro-targeting site's lists (SPEC §3 saved_list, targeting_list) are the caller's personal
    // store: any signed-in user keeps their own, without a team.
    const personalList =
      input.team === undefined && (input.kind === 'saved_list' || input.kind === 'targeting_list');
    if (built && !personalList && !(await repo.isAudienceCreator(user.id))) {
      throw new Forbidden('Saving audiences you build needs creator access (the Audience_creator group).');
    }
    let pkg = input.targeting_package;
    let categoryId = input.category_id ?? null;
    if (input.from_audience !== undefined) {
      const stored = deps.findStoreAudience && (await deps.findStoreAudience(input.from_audience));
      if (!stored) throw new BadRequest({ from_audience: ['Unknown audience.'] });
      pkg ??= stored.targeting_package;
      if (input.category_id === undefined) categoryId = stored.category?.id ?? null;
    }
    if (!pkg) throw new BadRequest({ targeting_package: ['This field is required.'] });
    requireNonEmpty(pkg);
    if (self !== undefined && input.exclusions.includes(self.id)) {
      throw new BadRequest({ exclusions: ['An audience cannot exclude itself.'] });
    }
    if (categoryId !== null && !(await deps.findCategory(categoryId))) {
      throw new BadRequest({ category_id: ['Unknown category.'] });
    }
    const team = input.team === undefined ? null : (await teamsService.access(user, input.team)).team;
    const exclusions = await exclusionPackages(user, input.exclusions);
    return {
      pkg,
      categoryId,
      team,
      exclusions: [...new Set(input.exclusions)],
      sizes: sizes(pkg, exclusions),
    };
  }

  const present = async (user: UserRow, id: number) =>
    presentConfig(await readable(user, id), samplingOf(engine));

  /** The estimate (from the cache when it was just asked), and the package told to `onBuild` once sized. */
  function counted(pkg: TargetingPackage, exclusions: TargetingPackage[], record: boolean) {
    const answer = estimates.estimate(engine.audiences(), pkg, exclusions, samplingOf(engine));
    const told = record ? deps.onBuild : undefined;
    if (isPromise(answer)) {
      return answer.then((estimate) => {
        told?.(pkg);
        return estimate;
      });
    }
    told?.(pkg);
    return answer;
  }

  return {
    readable,
    readableRow,
    exclusionPackages,

    /**
     * POST /api/build-audience/: the size of a package, exclusions subtracted, and its response body.
     * A value when nothing needs waiting for (no exclusions to read, an engine in this process): the
     * estimate route then answers without a promise or a turn of the microtask queue (the serving path).
     * `record`: false when the same package is sized again for another figure (X's estimate), so
     * that it is not counted as a second search.
     */
    build(
      user: UserRow | undefined,
      pkg: TargetingPackage,
      exclusionIds: number[],
      record = true,
    ): MaybePromise<SizedEstimate> {
      requireNonEmpty(pkg);
      if (exclusionIds.length > 0) {
        return exclusionPackages(user, exclusionIds).then((ex) => counted(pkg, ex, record));
      }
      return counted(pkg, [], record);
    },

    /** Whose list a query asks for (`listScopeOf`); the engine sample its intervals come from. */
    listScope: listScopeOf(teamsService),
    sampling: () => samplingOf(engine),
    async list(user: UserRow, query: ConfigQuery, scope?: ListScope, sampling = samplingOf(engine)) {
      const { teamId } = scope ?? (await listScopeOf(teamsService)(user, query));
      const category = categoryOf(query.category);
      const { count, rows } = await repo.list(user.id, {
        ...(teamId !== undefined && { teamId }),
        ...(query.search && { search: query.search }),
        ...(query.kind && { kind: query.kind }),
        ...(query.status && { status: query.status }),
        ...(query.targetable !== undefined && { targetable: query.targetable }),
        ...(category !== undefined && { category }),
        ordering: query.ordering,
        limit: query.limit,
        offset: query.offset,
      });
      return { count, results: rows.map((row) => presentConfig(row, sampling)) };
    },

    async create(user: UserRow, input: SaveConfigInput): Promise<AudienceConfig> {
      const p = await prepare(user, input);
      if (p.team) await deps.savedAudienceLimit?.assertCanSaveAudience(p.team.id);
      const now = clock.now();
      const values: AudienceConfigValues = {
        ownerId: user.id,
        teamId: p.team?.id ?? null,
        name: input.name,
        kind: input.kind ?? (input.from_audience === undefined ? 'builder' : 'saved_list'),
        categoryId: p.categoryId,
        targetingPackage: p.pkg,
        exclusions: p.exclusions,
        ...p.sizes,
        created: now,
        modified: now,
      };
      const row = await repo.create(values);
      return present(user, row.id);
    },

    get: present,

    /** PUT: the same body as POST; sizes are recomputed. The owner and creation date stay. */
    async update(user: UserRow, id: number, input: SaveConfigInput): Promise<AudienceConfig> {
      const { config } = await readable(user, id);
      const p = await prepare(user, input, { id: config.id, pkg: config.targetingPackage });
      const kind = input.kind ?? config.kind;
      // SPEC §3 is_super_insights: the stored report no longer describes a changed package.
      const stillSuper =
        config.isSuperInsights &&
        kind === 'targeting_list' &&
        canonicalJson(p.pkg) === canonicalJson(config.targetingPackage);
      await repo.update(config.id, {
        isSuperInsights: stillSuper,
        teamId: input.team === undefined ? config.teamId : (p.team?.id ?? null),
        name: input.name,
        kind,
        categoryId: p.categoryId,
        targetingPackage: p.pkg,
        exclusions: p.exclusions,
        ...p.sizes,
        modified: clock.now(),
      });
      return present(user, id);
    },

    /**
     * Who may delete what (lib/team-rule.ts; docs/API.md "Who may delete what"): a personal
     * audience by its owner (nobody else can read it); a team's by whoever created it or an admin
     * of the team, else 403.
     */
    async remove(user: UserRow, id: number): Promise<void> {
      const { config } = await readable(user, id);
      if (config.teamId !== null) {
        const { membership } = await teamsService.access(user, String(config.teamId));
        assertMayChange({ userId: user.id, level: membership.level }, config.ownerId);
      }
      await repo.remove(config.id);
    },

    /** The package as a file to download, named after the config. */
    async download(user: UserRow, id: number) {
      const { config } = await readable(user, id);
      return { filename: `${fileSlug(config.name)}-targeting-package.json`, body: config.targetingPackage };
    },

    /** SPEC §9: exclusion audiences are configs in the "Exclusion Audience" category (the caller's and their teams'). */
    async exclusionAudiences(user: UserRow): Promise<{ results: AudienceConfig[] }> {
      const rows = await repo.byCategoryName(user.id, EXCLUSION_AUDIENCE_CATEGORY);
      return { results: rows.map((row) => presentConfig(row, samplingOf(engine))) };
    },
  };
}

/** ASCII letters and digits joined by dashes; "audience" when nothing is left (e.g. a Japanese name). */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'audience';
}
