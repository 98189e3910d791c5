import {
  inProcessAsyncEngine,
  ShardUnavailableError,
  type AsyncAudienceEngine,
  type AudienceEngine,
  type CommunityCensus,
  type CommunityPartition,
  type Lookalike,
  type LookalikeOptions,
} from '@murmur/engine';
import { ServiceUnavailable } from '../errors';
import type { EngineWork } from './engine-work';
import type { ShardLiveReport } from '@murmur/engine-cluster';

/**
 * The asynchronous engine interface as the server holds it: over shards it also ranks lookalikes
 * (`ShardedEngine.lookalike`: the single engine's result, merged from the shards); without shards
 * lookalikes are engine tasks (engine-tasks.ts), in the worker pool like the other heavy work.
 */
export interface ServerAudienceEngine extends AsyncAudienceEngine {
  /** Shards only: a lookalike of a seed (account numbers), as `AudienceEngine.lookalike`. */
  lookalike?(seed: ArrayLike<number>, options?: LookalikeOptions): Promise<Lookalike>;
  /**
   * Shards only: a census of the network's communities under a partition (as
   * `engine.explore.communityCensus`), over the shards' accounts as they are now.
   */
  communityCensus?(partition: CommunityPartition): Promise<CommunityCensus>;
  /**
   * Shards only: where each shard stands on the live log (`ShardedEngine.liveStatusByShard`: never
   * fails for one shard, says why it could not report), which the engine status and the counts kept
   * over their accounts (the communities' census) follow instead of this process's (engine-live-status.ts).
   */
  liveStatusByShard?(): Promise<ShardLiveReport[]>;
}

/**
 * The asynchronous engine interface (scale-out) over the server's engine: with worker threads the
 * field counts (a walk over every member) run in the pool like the other heavy work, while
 * estimates and lookups — well under a millisecond — are answered on this thread, as immediate
 * values (no promise, no task message: the estimate route stays as cheap as before). Without
 * threads everything is answered here. A sharded engine (`ShardedEngine`) implements the same
 * interface over NATS.
 */
export function serverAsyncEngine(engine: AudienceEngine, work: EngineWork): AsyncAudienceEngine {
  const here = inProcessAsyncEngine(engine);
  if (work.threads === 0) return here;
  return {
    kind: 'workers',
    estimate: (query) => here.estimate(query),
    lookup: (field, q, limit) => here.lookup(field, q, limit),
    fieldCounts: (audience, fields) => work.run('fieldCounts', { audience, fields }),
    close: () => Promise.resolve(),
  };
}

/** Every question in the worker pool (tests of the pool, and callers that must not block at all). */
export function workerAsyncEngine(work: EngineWork): AsyncAudienceEngine {
  return {
    kind: work.threads === 0 ? 'in-process' : 'workers',
    estimate: (query) => work.run('estimate', query),
    lookup: (field, q, limit) => work.run('lookup', { field, q, limit }),
    fieldCounts: (audience, fields) => work.run('fieldCounts', { audience, fields }),
    close: () => Promise.resolve(),
  };
}

/**
 * A sharded engine as the API uses it: a shard without a replica answering becomes the API's 503
 * (SPEC §8), naming the shard — the question is not answered rather than answered without it.
 */
export function shardedServerEngine(engine: ServerAudienceEngine): ServerAudienceEngine {
  const unavailable = (error: unknown): never => {
    if (error instanceof ShardUnavailableError) throw new ServiceUnavailable(error.message);
    throw error;
  };
  return {
    kind: engine.kind,
    estimate: (query) => Promise.resolve(engine.estimate(query)).catch(unavailable),
    fieldCounts: (query, fields) => Promise.resolve(engine.fieldCounts(query, fields)).catch(unavailable),
    lookup: (field, q, limit) => Promise.resolve(engine.lookup(field, q, limit)).catch(unavailable),
    ...(engine.insights && {
      insights: (query, options, baseline) =>
        Promise.resolve(engine.insights!(query, options, baseline)).catch(unavailable),
    }),
    ...(engine.overlapMany && {
      overlapMany: (audiences) => Promise.resolve(engine.overlapMany!(audiences)).catch(unavailable),
    }),
    ...(engine.lookalike && {
      lookalike: (seed, options) => engine.lookalike!(seed, options).catch(unavailable),
    }),
    ...(engine.communityCensus && {
      communityCensus: (partition) => engine.communityCensus!(partition).catch(unavailable),
    }),
    ...(engine.liveStatusByShard && {
      liveStatusByShard: () => engine.liveStatusByShard!().catch(unavailable),
    }),
    close: () => engine.close(),
  };
}
