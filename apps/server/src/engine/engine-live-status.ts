/**
 * Where the index the API answers from stands on the live log (`GET /api/engine/status/`, the
 * communities' census, the history points' day): over shards, what the shards have applied (each
 * shard asked with the `liveStatus` operation, merged as the slowest says); else this process's own
 * live path. A shard whose replicas are of an older version without the operation (a rolling
 * upgrade), or that no replica answers, cannot say: the answer then falls back to this process's own
 * live path as before the shards reported (static without one), with every shard's report beside it,
 * and a warning logged once per shard and cause.
 */

import { mergeLiveStatus, type ShardLiveReport } from '@murmur/engine-cluster';
import type { FastifyBaseLogger } from 'fastify';
import type { EngineHolder } from './engine-holder';
import type { LiveStatus, LiveStatusSource } from './freshness';

export function engineLiveStatus(
  holder: Pick<EngineHolder, 'status' | 'audiences'>,
  own: LiveStatusSource | undefined,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): LiveStatusSource {
  const warned = new Set<string>();
  const mine = async (): Promise<LiveStatus | null> => (own ? own() : null);
  const ask = async (): Promise<LiveStatus | null> => {
    // Until the engine is ready (the shards opened), only this process's own live path can say.
    const audiences = holder.status().state === 'ready' ? holder.audiences() : undefined;
    if (!audiences?.liveStatusByShard) return mine();
    const [shards, here] = await Promise.all([audiences.liveStatusByShard(), mine().catch(() => null)]);
    const missing = shards.filter((s) => s.state === 'unsupported' || s.state === 'unavailable');
    for (const s of missing) {
      const key = `${s.shard}:${s.state}`;
      if (warned.has(key)) continue;
      warned.add(key);
      log?.warn(
        { shard: s.shard, state: s.state, err: s.error },
        s.state === 'unsupported'
          ? "live status: a shard's replicas do not serve liveStatus (older version); reporting this process's own position"
          : "live status: a shard did not answer; reporting this process's own position",
      );
    }
    // The collector's streams stalling hold back every partition, whoever applies them.
    const source = here?.sourceBehindMs !== undefined ? { sourceBehindMs: here.sourceBehindMs } : {};
    if (missing.length > 0) {
      return { partitions: here?.partitions ?? [], ...source, from: 'api', shards };
    }
    const merged = mergeLiveStatus(shards.map((s) => (s.state === 'reporting' ? s.partitions : null)));
    return { partitions: merged?.partitions ?? [], ...source, from: 'shards', shards };
  };
  // Screens poll the status: concurrent requests share one round of questions to the shards.
  let asking: Promise<LiveStatus | null> | undefined;
  return () =>
    (asking ??= ask().finally(() => {
      asking = undefined;
    }));
}

export type { ShardLiveReport };
