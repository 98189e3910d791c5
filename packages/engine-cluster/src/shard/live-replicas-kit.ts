// Tests' live shard replicas in this process, each served on NATS with the questions it holds
// (shard-live-insights.test.ts, shard-live-lookalike.test.ts).
import type { NatsConnection } from '@nats-io/transport-node';
import { LiveShardQuestions, type LiveShardEngine } from '@murmur/engine';
import { serveShard } from './shard-service';

export interface LiveReplica {
  shard: number;
  name: string;
  engine: LiveShardEngine;
  /** The questions it holds (new ones when not given). */
  held?: LiveShardQuestions;
}

/** Serves every replica as `serveShard` does for a live shard process. */
export const serveLiveReplicas = <R extends LiveReplica>(
  nc: NatsConnection,
  replicas: readonly R[],
  shards: number,
): (R & { service: ReturnType<typeof serveShard> })[] =>
  replicas.map((r) => ({
    ...r,
    service: serveShard({
      nc,
      engine: r.engine,
      shard: r.shard,
      shards,
      replica: r.name,
      liveInsights: r.held ?? new LiveShardQuestions(r.engine),
    }),
  }));
