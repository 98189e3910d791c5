import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engineStatusSchema, jobSchema, type EngineStatus } from '@murmur/core/api';
import type { EngineHolder } from '../../engine/engine-holder';
import { NotFound } from '../../errors';
import type { JobQueue } from '../../jobs/jobs';
import { errorResponses } from '../../lib/http';
import { freshnessOf, type LiveStatus, type LiveStatusSource } from '../../engine/freshness';

const partitionsOf = (partitions: LiveStatus['partitions'] | undefined): EngineStatus['partitions'] =>
  (partitions ?? []).map((p) => ({
    partition: p.partition,
    lagEvents: Math.max(0, Math.round(p.lagEvents)),
    lastEventAt: p.lastEventAt === null ? null : Math.round(p.lastEventAt),
    behindMs: p.behindMs === null ? null : Math.max(0, Math.round(p.behindMs)),
    appliedSeq: p.appliedSeq === undefined ? null : Math.max(0, Math.round(p.appliedSeq)),
  }));

async function engineStatus(engine: EngineHolder, live: LiveStatusSource | undefined): Promise<EngineStatus> {
  const s = engine.status();
  // The live log unreachable for a moment: the status still answers, as static (no claim of freshness).
  const status: LiveStatus | null = live
    ? await Promise.resolve()
        .then(live)
        .catch(() => null)
    : null;
  const fresh = {
    freshness: freshnessOf(status),
    partitions: partitionsOf(status?.partitions),
    positionOf: status?.from ?? 'api',
    shards: (status?.shards ?? []).map((s) => ({
      shard: s.shard,
      state: s.state,
      freshness: freshnessOf({ partitions: s.partitions }),
      partitions: partitionsOf(s.partitions),
      error: s.error ?? null,
    })),
  } satisfies Partial<EngineStatus>;
  switch (s.state) {
    case 'loading': {
      const progress = s.totalRecords ? Math.min(99, Math.floor((100 * s.records) / s.totalRecords)) : 0;
      return { state: 'loading', progress, accounts: null, message: null, ...fresh };
    }
    case 'ready':
      return { state: 'ready', progress: 100, accounts: s.accounts, message: null, ...fresh };
    case 'failed':
      return { state: 'failed', progress: 0, accounts: null, message: s.message, ...fresh };
  }
}

/**
 * Public: the engine's loading state with the index's freshness (per live-log partition: events not
 * yet applied and how far behind X), and the jobs clients poll (ids are unguessable).
 */
export const jobsRoutes: FastifyPluginCallbackZod<{
  engine: EngineHolder;
  jobs: JobQueue;
  /**
   * Where the index stands on the live log (engineLiveStatus: the shards' over shards, else this
   * process's consumer positions); none without a live path (freshness `static`).
   */
  live?: LiveStatusSource;
}> = (app, { engine, jobs, live }, done) => {
  const tags = ['audiences'];

  app.get(
    '/api/engine/status/',
    {
      schema: {
        tags,
        summary:
          'Whether the audience engine is loading, ready or failed, and how far its index is behind X (per live-log partition; over shards, what the shards applied, with each shard’s position)',
        response: { 200: engineStatusSchema },
      },
    },
    () => engineStatus(engine, live),
  );

  app.get(
    '/api/jobs/:id/',
    {
      schema: {
        tags,
        summary:
          'A job: state, progress, stage and, once done, its result; 404 once unknown or expired (1 h)',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: jobSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const job = await jobs.get(request.params.id);
      if (!job) throw new NotFound();
      return job;
    },
  );
  done();
};
