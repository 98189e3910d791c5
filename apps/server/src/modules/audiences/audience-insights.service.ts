import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  insightsSchema,
  type Insights,
  type InsightsByConfig,
  type InsightsReport,
  type insightsRequestSchema,
  type perspectivesRequestSchema,
  type PerspectivesResult,
} from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { toSharedAccountSet, type AudienceQuery } from '@murmur/engine';
import type { UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { BadRequest, NotAuthenticated, NotFound } from '../../errors';
import type { JobCaller, JobQueue, JobView, ReportProgress } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import type { AudienceConfigsRepository } from './audience-configs.repository';
import type { AudienceConfigsService } from './audience-configs.service';
import { digest, samplingOf, toEstimate, withFigure } from '../../engine/engine-audience';
import {
  accountsOfIds,
  baselineUsed,
  resolveBaseline,
  type BaselineSources,
  type ResolvedBaseline,
} from './insights-baseline';
import { presentConfig } from './present';
import { resolveAudience, type AudienceRefInput } from './resolve-audience';

export type InsightsRequest = z.output<typeof insightsRequestSchema>;
export type PerspectivesRequest = z.output<typeof perspectivesRequestSchema>;
export type AudienceInsightsService = ReturnType<typeof createAudienceInsightsService>;

export function createAudienceInsightsService(deps: {
  repo: AudienceConfigsRepository;
  configs: AudienceConfigsService;
  engine: EngineHolder;
  jobs: JobQueue;
  clock: Clock;
  /** The history's points and memberships, for a baseline at an earlier point; none: refused. */
  history?: Omit<BaselineSources, 'configs'>;
}) {
  const { repo, configs, engine, jobs, clock } = deps;
  const sources: BaselineSources = { configs, ...deps.history };

  const resolve = (user: UserRow, ref: AudienceRefInput, extra: number[] = []) =>
    resolveAudience(configs, user, ref, extra);

  /** What identifies a baseline in a job's key: nothing for the whole network (keys as before). */
  const baselineKey = (b: ResolvedBaseline): unknown[] => {
    if (b.ids !== undefined) return [b.kind, b.ref];
    return b.query === undefined ? [] : [b.kind, b.ref, b.query.pkg, b.query.exclusions ?? []];
  };

  /**
   * The baseline as the engine task takes it: a package, or an earlier point's members found in
   * the index now (with how many it no longer has); nothing for the whole network.
   */
  function engineBaseline(b: ResolvedBaseline) {
    if (b.ids === undefined) return { input: b.query, dropped: undefined };
    const { set, dropped } = accountsOfIds(engine.get(), b.ids);
    return { input: { members: toSharedAccountSet(set) }, dropped };
  }

  /**
   * The baseline as the shards take it: a package, or an earlier point's members found in the index
   * now, pushed to the shards as a set for the question (and removed after it) and named by a
   * package of that one custom audience; nothing for the whole network.
   */
  async function shardBaseline(
    b: ResolvedBaseline,
  ): Promise<{ query?: AudienceQuery; dropped?: number; release(): Promise<void> }> {
    const none = () => Promise.resolve();
    if (b.ids === undefined) return { ...(b.query && { query: b.query }), release: none };
    const { set, dropped } = accountsOfIds(engine.get(), b.ids);
    const name = `murmur-baseline-${randomUUID()}`;
    await engine.registerSet(name, set.toArray());
    const pkg = { ...emptyTargetingPackage(), custom_audiences: [{ name }] };
    return { query: { pkg }, dropped, release: () => engine.removeSet(name) };
  }

  /**
   * An insights run on the shards: the report, the audience's estimate and the baseline's size
   * (the shards' accounts for the whole network), the baseline counted in the same question.
   */
  async function onShards(query: AudienceQuery, baseline: ResolvedBaseline, report: ReportProgress) {
    const audiences = engine.audiences();
    const base = await shardBaseline(baseline);
    try {
      report(20, 'Analysing members, interests and communities');
      const [insights, estimate, size] = await Promise.all([
        audiences.insights!(query, undefined, base.query),
        audiences.estimate(query),
        base.query ? audiences.estimate(base.query) : undefined,
      ]);
      const baselineCount = size?.sampleCount ?? samplingOf(engine).sampleSize ?? 0;
      return { insights, estimate, baselineCount, dropped: base.dropped };
    } finally {
      await base.release();
    }
  }

  /** A stored report with its estimate's figure (reports saved before figures have none). */
  const figured = (insights: Insights): Insights => ({
    ...insights,
    estimate: withFigure(insights.estimate, samplingOf(engine)),
  });

  return {
    /**
     * POST /api/audience-configs/insights/: a job whose result is every insights panel plus the
     * estimate, measured against the requested baseline (the whole network by default); stored on the
     * config when one was named and the baseline is the network (has_insights). Identical requests
     * (same audience and baseline) join: per config for everyone who may read it, per user for packages.
     */
    async startInsights(user: UserRow, body: InsightsRequest, caller: JobCaller): Promise<JobView> {
      const a = await resolve(user, body, body.exclusions);
      const baseline = await resolveBaseline(user, body.baseline, sources, a.configId);
      // Heavy work runs on an engine worker thread (engine/engine-work.ts), or is scattered to the
      // engine's shards on NATS when it has them (every count panel merged exactly); 503 while loading.
      const audiences = engine.audiences();
      const sharded = audiences.kind === 'shards' && audiences.insights !== undefined;
      const work = sharded ? undefined : engine.work();
      const scope = a.configId === undefined ? `user:${user.id}` : `config:${a.configId}`;
      return jobs.start({
        kind: 'insights',
        key: `insights:${scope}:${digest([a.pkg, a.exclusionIds, ...baselineKey(baseline)])}`,
        caller: { ...caller, teamId: a.teamId },
        work: async (report, signal) => {
          const base = work ? engineBaseline(baseline) : undefined;
          const run =
            work && base
              ? {
                  ...(await work.run(
                    'insights',
                    { pkg: a.pkg, exclusions: a.exclusions, baseline: base.input },
                    { report, signal },
                  )),
                  dropped: base.dropped,
                }
              : await onShards({ pkg: a.pkg, exclusions: a.exclusions }, baseline, report);
          const sampling = samplingOf(engine);
          // Plain JSON, as it is stored and as a Redis queue would hand it back.
          const insights = JSON.parse(
            JSON.stringify({
              ...run.insights,
              estimate: toEstimate(run.estimate, sampling.sampleSize, sampling.scale),
              baseline: baselineUsed(baseline, run.baselineCount, sampling, run.dropped),
              audience_config_id: a.configId,
            }),
          ) as Insights;
          // The stored report of a saved audience is the one against the whole network.
          if (a.configId !== undefined && baseline.kind === 'network') {
            report(95, 'Saving the report');
            await repo.storeInsights(a.configId, insights, clock.now(), a.pkg);
          }
          return insights;
        },
      });
    },

    /** POST /api/audience-configs/perspectives/: the comparison of two audiences (overlap and differences). */
    async startPerspectives(user: UserRow, body: PerspectivesRequest, caller: JobCaller): Promise<JobView> {
      const [a, b] = [await resolve(user, body.a), await resolve(user, body.b)];
      const work = engine.work();
      return jobs.start({
        kind: 'perspectives',
        key: `perspectives:user:${user.id}:${digest([a.pkg, a.exclusionIds, b.pkg, b.exclusionIds])}`,
        caller: { ...caller, teamId: a.teamId ?? b.teamId },
        work: async (report, signal) => {
          const pair = {
            a: { pkg: a.pkg, exclusions: a.exclusions },
            b: { pkg: b.pkg, exclusions: b.exclusions },
          };
          const comparison = await work.run('compare', pair, { report, signal });
          const { sampleSize, scale } = samplingOf(engine);
          const figure = (count: number) => populationEstimate(count, { sampleSize, rate: scale });
          const result: PerspectivesResult = {
            ...comparison,
            figures: {
              a: figure(comparison.sizeA),
              b: figure(comparison.sizeB),
              overlap: figure(comparison.overlap),
            },
          };
          return JSON.parse(JSON.stringify(result)) as unknown;
        },
      });
    },

    /** GET /api/audience-insight/{pk}/: the stored report (404 when none yet or not readable). */
    async stored(user: UserRow, id: number): Promise<Insights> {
      const { config } = await configs.readable(user, id);
      const row = await repo.insights(config.id);
      if (!row) throw new NotFound();
      return figured(row.insights as Insights);
    },

    /** GET /api/audience-insights/pdf/: see pdfSource. */
    pdfSource: (user: UserRow | undefined, query: PdfQuery) =>
      pdfSource({ jobs, configs, repo, figured }, user, query),

    async byConfig(user: UserRow, id: number): Promise<InsightsByConfig> {
      const joined = await configs.readable(user, id);
      const row = await repo.insights(joined.config.id);
      return {
        audience_config: presentConfig(joined, samplingOf(engine)),
        insights: row ? figured(row.insights as Insights) : null,
        computed: row ? row.computed.toISOString() : null,
      };
    },
  };
}

type PdfQuery = { job_id?: string | undefined; audience_config_id?: number | undefined };

/**
 * GET /api/audience-insights/pdf/: the report a PDF shows, its audience's name and when it was
 * computed. A finished insights job's report (any baseline; jobs are found by their unguessable id,
 * as GET /api/jobs/{id}/ finds them), or a saved audience's stored report. A report of a saved
 * audience needs a caller who may read that audience, for its name; a package's is "unsaved".
 */
async function pdfSource(
  deps: {
    jobs: JobQueue;
    configs: AudienceConfigsService;
    repo: AudienceConfigsRepository;
    figured: (insights: Insights) => Insights;
  },
  user: UserRow | undefined,
  query: PdfQuery,
): Promise<{ report: InsightsReport; name: string | null; computed: string | null }> {
  const { jobs, configs, repo, figured } = deps;
  const nameOf = async (configId: number) => {
    if (user === undefined) throw new NotAuthenticated();
    return (await configs.readable(user, configId)).config.name;
  };
  if (query.job_id !== undefined) {
    const job = await jobs.get(query.job_id);
    if (!job || (job.kind !== 'insights' && job.kind !== 'generate-insights')) {
      throw new NotFound('No such insights report.');
    }
    if (job.state !== 'done') throw new BadRequest({ job_id: ['The insights report has not finished yet.'] });
    // The schema checks the estimate; the panels pass through as the engine wrote them.
    const report = figured(insightsSchema.parse(job.result)) as unknown as InsightsReport;
    const configId = report.audience_config_id;
    return { report, name: configId === undefined ? null : await nameOf(configId), computed: job.updated };
  }
  if (query.audience_config_id === undefined) {
    throw new BadRequest({ job_id: ['Send job_id or audience_config_id.'] });
  }
  const name = await nameOf(query.audience_config_id);
  const row = await repo.insights(query.audience_config_id);
  if (!row) throw new NotFound('This audience has no insights report yet.');
  return {
    report: figured(row.insights as Insights) as unknown as InsightsReport,
    name,
    computed: row.computed.toISOString(),
  };
}
