import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  saveAudienceConfigSchema,
  type AudienceConfig,
  type LookalikeReasonView,
  type lookalikeRequestSchema,
  type LookalikeResult,
  type saveLookalikeSchema,
} from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import {
  isPromise,
  LOOKALIKE_MIN_SEED,
  type Lookalike,
  type LookalikePercent,
  type LookalikeReason,
} from '@murmur/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { digest, samplingOf, type EngineSampling } from '../../engine/engine-audience';
import type { LookalikeInput, LookalikeSeedInput } from '../../engine/engine-tasks';
import { BadRequest } from '../../errors';
import type { JobCaller, JobQueue, JobView, ReportProgress } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { AudienceConfigsService } from './audience-configs.service';
import type { LookalikesRepository } from './lookalikes.repository';
import { decodeIds, encodeIds } from '../../lib/member-ids';

export type LookalikeRequestInput = z.output<typeof lookalikeRequestSchema>;
export type SaveLookalikeInput = z.output<typeof saveLookalikeSchema>;
export type LookalikesService = ReturnType<typeof createLookalikesService>;

const SEED_TOO_SMALL = `The seed needs at least ${LOOKALIKE_MIN_SEED} accounts that Murmur indexes.`;

/** A seed as found: what the engine task needs, its size, and what identifies it in a job's key. */
interface ResolvedSeed {
  input: LookalikeSeedInput;
  sampleCount: number;
  unmatched: number;
  configId: number | null;
  teamId: number | undefined;
  key: unknown;
}

const reasonView = (r: LookalikeReason): LookalikeReasonView => ({
  kind: r.kind,
  value: r.value,
  label: r.label,
  also: r.also,
  seed_share: r.seedShare,
  population_share: r.populationShare,
  lift: r.lift,
});

/** The engine's lookalike in the API's shape: counts as figures (docs/API.md "Figures"). */
function present(
  result: Omit<Lookalike, 'ranked'>,
  seed: ResolvedSeed,
  sampling: EngineSampling,
): LookalikeResult {
  const { sampleSize, scale } = sampling;
  const figure = (count: number) => populationEstimate(count, { sampleSize, rate: scale });
  return {
    method: result.method,
    country: result.country,
    population: figure(result.population),
    seed: {
      figure: figure(result.seed.size),
      sample_count: result.seed.size,
      unmatched: seed.unmatched,
      in_population: result.seed.inPopulation,
      fit: result.seed.fit,
      held_out: result.seed.heldOut,
      held_out_in_population: result.seed.heldOutInPopulation,
    },
    min_support: result.minSupport,
    features_used: result.featuresUsed,
    features: result.features.map(reasonView),
    sizes: result.sizes.map((s) => ({
      percent: s.percent,
      target: s.target,
      sample_count: s.count,
      figure: figure(s.count),
      recall: s.recall,
      baseline_recall: s.baselineRecall,
    })),
    samples: result.samples.map((s) => ({
      account: {
        id: s.account.id,
        handle: s.account.handle,
        name: s.account.name,
        followers: s.account.followers,
        verified: s.account.verified,
      },
      rank: s.rank,
      reasons: s.reasons.map(reasonView),
    })),
    ms: result.ms,
  };
}

const taskInput = <S extends LookalikeInput['sizes']>(
  seed: ResolvedSeed,
  country: string | null | undefined,
  sizes: S,
) => ({ seed: seed.input, country: country ?? undefined, sizes });

/** The seed as account numbers (what the shards' lookalike takes): a package is evaluated here. */
function seedAccounts(engine: EngineHolder, seed: ResolvedSeed): ArrayLike<number> {
  if ('accounts' in seed.input) return seed.input.accounts;
  const { pkg, exclusions } = seed.input;
  return engine
    .get()
    .evaluate(pkg, { exclusions: exclusions ?? [] })
    .accounts.toArray();
}

/**
 * The lookalike with its held-out recall: over shards, ranked by the shards (the single engine's
 * result, merged: docs/engine.md "Lookalikes"); else an engine task (the worker pool).
 */
async function build(
  engine: EngineHolder,
  seed: ResolvedSeed,
  country: string | null | undefined,
  sizes: LookalikePercent[],
  progress: { report: ReportProgress; signal: AbortSignal },
): Promise<Omit<Lookalike, 'ranked'>> {
  const audiences = engine.audiences();
  if (!audiences.lookalike) return engine.work().run('lookalike', taskInput(seed, country, sizes), progress);
  progress.report(10, 'Fitting the model on 80 % of the seed and ranking the rest, on the shards');
  const options = { country: country ?? undefined, sizes, evaluate: true };
  const { ranked: _ranked, ...result } = await audiences.lookalike(seedAccounts(engine, seed), options);
  return result;
}

/** The members at one size, fitted on the whole seed (deterministic): on the shards when there are. */
async function members(
  engine: EngineHolder,
  seed: ResolvedSeed,
  country: string | null | undefined,
  size: LookalikePercent,
): Promise<Uint32Array> {
  const audiences = engine.audiences();
  if (!audiences.lookalike)
    return engine.work().run('lookalikeMembers', taskInput(seed, country, [size] as [LookalikePercent]));
  const options = { country: country ?? undefined, sizes: [size], evaluate: false, samples: 0 };
  const result = await audiences.lookalike(seedAccounts(engine, seed), options);
  return result.ranked.slice(0, result.sizes[0]?.count ?? 0);
}

/**
 * Lookalikes (docs/API-AUDIENCES.md "Lookalikes"): a job that ranks the accounts of a country by
 * resemblance to a seed (the engine's src/lookalike/), and saving one size of it as an audience —
 * a saved audience whose package names one custom audience holding the lookalike's members, kept in
 * `audience_lookalikes` and registered in the engine, so it is estimated and uploaded like any other.
 */
export function createLookalikesService(deps: {
  repo: LookalikesRepository;
  configs: AudienceConfigsService;
  engine: EngineHolder;
  jobs: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repo, configs, engine, jobs, clock } = deps;

  /** The seed: a saved audience the caller may read (404 otherwise), or a list matched in the index. */
  async function resolveSeed(user: UserRow, seed: LookalikeRequestInput['seed']): Promise<ResolvedSeed> {
    let resolved: ResolvedSeed;
    if (seed.audience_config_id !== undefined) {
      const { config } = await configs.readable(user, seed.audience_config_id);
      const exclusions = await configs.exclusionPackages(user, config.exclusions);
      const query = { pkg: config.targetingPackage, exclusions };
      const counted = engine.audiences().estimate(query);
      const estimate = isPromise(counted) ? await counted : counted;
      resolved = {
        input: query,
        sampleCount: estimate.sampleCount,
        unmatched: 0,
        configId: config.id,
        teamId: config.teamId ?? undefined,
        key: [config.id, config.targetingPackage, config.exclusions],
      };
    } else {
      const e = engine.get();
      const found = new Set<number>();
      let unmatched = 0;
      for (const raw of seed.handles ?? []) {
        const text = raw.replace(/^@/, '');
        const n = (/^\d+$/.test(text) ? e.findAccountById?.(text) : undefined) ?? e.findAccount(text);
        if (n === undefined) unmatched++;
        else found.add(n);
      }
      const accounts = [...found].sort((a, b) => a - b);
      resolved = {
        input: { accounts },
        sampleCount: accounts.length,
        unmatched,
        configId: null,
        teamId: undefined,
        key: accounts,
      };
    }
    if (resolved.sampleCount < LOOKALIKE_MIN_SEED) throw new BadRequest({ seed: [SEED_TOO_SMALL] });
    return resolved;
  }

  /** Registers a saved lookalike's members in the engine (and its shards) under its custom audience's name. */
  async function register(name: string, ids: readonly string[]): Promise<void> {
    const e = engine.get();
    const numbers: number[] = [];
    for (const id of ids) {
      const n = e.findAccountById?.(id);
      if (n !== undefined) numbers.push(n);
    }
    await engine.registerSet(name, numbers);
  }

  return {
    /** POST /api/audience-configs/lookalikes/: the job; its result is a LookalikeResult. */
    async start(user: UserRow, body: LookalikeRequestInput, caller: JobCaller): Promise<JobView> {
      const seed = await resolveSeed(user, body.seed);
      const sizes = [...new Set(body.sizes)].sort((a, b) => a - b);
      // Not ready: the 503 now, not a failed job.
      engine.audiences();
      return jobs.start({
        kind: 'lookalike',
        key: `lookalike:user:${user.id}:${digest([seed.key, body.country ?? null, sizes])}`,
        caller: { ...caller, teamId: seed.teamId },
        work: async (report, signal) => {
          const result = await build(engine, seed, body.country, sizes, { report, signal });
          return JSON.parse(JSON.stringify(present(result, seed, samplingOf(engine)))) as unknown;
        },
      });
    },

    /**
     * POST /api/audience-configs/lookalikes/save/: ranks again (the whole seed, deterministic: the
     * members the job described at that size) and saves them as an audience of the caller's (or the
     * team's), through the same rules as any saved audience (creator access, the team's plan cap).
     */
    async save(user: UserRow, body: SaveLookalikeInput): Promise<AudienceConfig> {
      const seed = await resolveSeed(user, body.seed);
      const ranked = await members(engine, seed, body.country, body.size);
      if (ranked.length === 0) {
        throw new BadRequest({
          size: ['No account of this country resembles the seed: there is nothing to save.'],
        });
      }
      const ids = engine
        .get()
        .describeAccounts(ranked)
        .map((a) => a.id);
      // The custom audience's name is what the package names (and what X is sent on upload).
      const audienceName = `Lookalike ${body.size} % ${randomBytes(4).toString('hex')}`;
      let config: AudienceConfig | undefined;
      try {
        // Registered (and pushed to the shards) before the audience is saved, which sizes it.
        await engine.registerSet(audienceName, ranked);
        const input = saveAudienceConfigSchema.parse({
          name: body.name,
          targeting_package: { ...emptyTargetingPackage(), custom_audiences: [{ name: audienceName }] },
          ...(body.team !== undefined && { team: body.team }),
          kind: 'builder',
        });
        config = await configs.create(user, input);
        await repo.insert({
          configId: config.id,
          audienceName,
          seedConfigId: seed.configId,
          country: body.country ?? null,
          percent: body.size,
          members: ids.length,
          ids: encodeIds(ids),
          created: clock.now(),
        });
        return config;
      } catch (error) {
        // Not saved: the engine (and its shards) forget its members, and a saved audience naming them
        // goes too.
        await engine.removeSet(audienceName).catch((removal: unknown) => {
          deps.log.warn({ err: removal }, 'forgetting an unsaved lookalike failed');
        });
        if (config) await configs.remove(user, config.id).catch(() => undefined);
        throw error;
      }
    },

    /** After the engine is (re)built: every saved lookalike's members are registered again. */
    async registerAll(): Promise<void> {
      await engine.ready();
      for (const row of await repo.all()) {
        try {
          await register(row.audienceName, decodeIds(row.ids));
        } catch (error) {
          deps.log.warn({ err: error }, 'registering a saved lookalike failed');
        }
      }
    },
  };
}
