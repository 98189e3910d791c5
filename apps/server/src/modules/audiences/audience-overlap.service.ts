import type { z } from 'zod';
import type { OverlapResult, overlapRequestSchema } from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { pairIndex, summariseOverlap, type OverlapSummary } from '@murmur/engine';
import type { UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { digest, samplingOf } from '../../engine/engine-audience';
import type { JobCaller, JobQueue, JobView } from '../../jobs/jobs';
import type { AudienceConfigsService } from './audience-configs.service';
import { resolveAudience, type ResolvedAudience } from './resolve-audience';

export type OverlapRequest = z.output<typeof overlapRequestSchema>;
export type AudienceOverlapService = ReturnType<typeof createAudienceOverlapService>;

/**
 * The overlap of 2–50 audiences and the reach plan over them (docs/API-AUDIENCES.md
 * "Overlap"). Counts are exact over the engine's sample; every count is shown as Murmur's population
 * estimate with its interval, as the two-audience compare does (startPerspectives).
 */
export function createAudienceOverlapService(deps: {
  configs: AudienceConfigsService;
  engine: EngineHolder;
  jobs: JobQueue;
}) {
  const { configs, engine, jobs } = deps;

  /** The summary's sample counts as the API's figures; shares and Jaccard from the sample counts. */
  function present(audiences: readonly ResolvedAudience[], s: OverlapSummary): OverlapResult {
    const { sampleSize, scale } = samplingOf(engine);
    const figure = (count: number) => populationEstimate(count, { sampleSize, rate: scale });
    const n = audiences.length;
    const pairs: OverlapResult['pairs'] = [];
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const both = s.pairs[pairIndex(n, a, b)]!;
        const either = s.sizes[a]! + s.sizes[b]! - both;
        pairs.push({ a, b, overlap: figure(both), jaccard: either > 0 ? both / either : 0 });
      }
    }
    return {
      audiences: audiences.map((r, i) => ({
        audience_config_id: r.configId ?? null,
        name: r.name ?? null,
        size: figure(s.sizes[i]!),
        unique: figure(s.unique[i]!),
        unique_share: s.sizes[i]! > 0 ? s.unique[i]! / s.sizes[i]! : 0,
      })),
      pairs,
      union: figure(s.union),
      combinations: s.combinations.map((c) => ({ audiences: c.sets, count: figure(c.count) })),
      combinations_total: s.combinationsTotal,
      reach_plan: s.plan.map((p) => ({
        audience: p.set,
        incremental: figure(p.incremental),
        cumulative: figure(p.cumulative),
      })),
    };
  }

  return {
    /**
     * POST /api/audience-configs/overlap/: a job. Every audience is resolved first, so an unknown or
     * unreadable id is the request's 404 (naming no other team's audience), never a failed job.
     */
    async startOverlap(user: UserRow, body: OverlapRequest, caller: JobCaller): Promise<JobView> {
      const resolved: ResolvedAudience[] = [];
      for (const ref of body.audiences) resolved.push(await resolveAudience(configs, user, ref));
      const queries = resolved.map((r) => ({ pkg: r.pkg, exclusions: r.exclusions }));
      // Through the shards when the engine has them (counts summed exactly), else on a worker thread.
      const audiences = engine.audiences();
      const sharded = audiences.kind === 'shards' && audiences.overlapMany !== undefined;
      const work = sharded ? undefined : engine.work();
      return jobs.start({
        kind: 'overlap',
        key: `overlap:user:${user.id}:${digest([resolved.map((r) => [r.pkg, r.exclusionIds]), body.combinations])}`,
        caller: { ...caller, teamId: resolved.find((r) => r.teamId !== undefined)?.teamId },
        work: async (report, signal) => {
          const summary = work
            ? await work.run(
                'overlap',
                { audiences: queries, combinations: body.combinations },
                { report, signal },
              )
            : await (async () => {
                report(20, 'Counting every combination of audiences');
                return summariseOverlap(await audiences.overlapMany!(queries), body.combinations);
              })();
          return JSON.parse(JSON.stringify(present(resolved, summary))) as unknown;
        },
      });
    },
  };
}
