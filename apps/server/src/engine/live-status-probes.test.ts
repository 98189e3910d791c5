import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInMemoryEngine } from '@murmur/engine';
import { MemoryLiveLog, type ShardLiveReport } from '@murmur/engine-cluster';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import type { LiveConfig } from '../config/live';
import { createTestApp, type TestApp } from '../test/test-app';
import { serverAsyncEngine, shardedServerEngine } from './engine-async';
import { readyEngine } from './engine-holder';
import { inProcessWork } from './engine-work';
import type { LiveStatus } from './freshness';

/**
 * Over shards, `/readyz`'s live check and `/metrics`' `murmur_live_*` read what the shards applied,
 * as `GET /api/engine/status/` does (engine-live-status.ts) — not this process's own consumer; and
 * fall back to this process's own when a shard cannot say. The shards' reports are given here (their
 * round trip over NATS is engine-status-shards.test.ts); the app is the server's own.
 */
const TOKEN = 'metrics-token';
const at = Date.parse('2026-11-20T00:00:00Z');
const live: LiveConfig = {
  enabled: true,
  natsUrl: undefined,
  mountedSandbox: false,
  collectorEnabled: false,
  streamUrl: 'http://127.0.0.1:9/2/',
  bearerToken: undefined,
  xPartitions: 1,
  partitions: 2,
  snapshotSeconds: 0,
  lagBudgetSeconds: 60,
  heartbeatMs: 5000,
};

/** This process's own consumer: stopped half an hour behind X. */
const own: LiveStatus = {
  partitions: [0, 1].map((partition) => ({
    partition,
    lagEvents: 40,
    lastEventAt: at - 1_800_000,
    behindMs: 1_800_000,
    appliedSeq: 10,
  })),
};
/** Every shard caught up: partition 1 two seconds behind on shard 1. */
const caughtUp = (shard: number): ShardLiveReport => ({
  shard,
  state: 'reporting',
  partitions: [0, 1].map((partition) => ({
    partition,
    lagEvents: 0,
    lastEventAt: at,
    behindMs: shard === 1 && partition === 1 ? 2000 : 0,
    appliedSeq: 90,
  })),
});

describe('the probes and metrics over shards', () => {
  let reports: ShardLiveReport[] = [caughtUp(0), caughtUp(1)];
  let t: TestApp;
  beforeAll(async () => {
    const engine = await createInMemoryEngine(
      exportChunks(generateNetwork({ accounts: 300, seed: 'probes' })),
    );
    const work = inProcessWork(engine);
    const holder = readyEngine(
      engine,
      work,
      shardedServerEngine({
        ...serverAsyncEngine(engine, work),
        kind: 'shards',
        liveStatusByShard: () => Promise.resolve(reports),
      }),
    );
    // Nothing is collected here (no collector, no bearer token): the log only completes the live deps.
    const log = new MemoryLiveLog(2);
    t = await createTestApp(
      { live, metricsToken: TOKEN },
      {
        engine: holder,
        live: {
          sink: { append: async (events) => void (await log.append(events)) },
          status: () => own,
        },
      },
    );
  });
  afterAll(() => t?.close());

  const probes = async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    const gauge = (name: string) =>
      metrics.body
        .split('\n')
        .filter((line) => line.startsWith(`${name}{`))
        .map((line) => line.replace(/^[^{]+/, ''));
    return {
      live: ready.json<{ checks: Record<string, string> }>().checks.live,
      lag: gauge('murmur_live_lag_events'),
      behind: gauge('murmur_live_behind_seconds'),
    };
  };

  it("reads the shards' positions, the slowest per partition, and this process's own when a shard cannot say", async () => {
    expect(await probes()).toEqual({
      live: 'ok',
      lag: ['{partition="0"} 0', '{partition="1"} 0'],
      behind: ['{partition="0"} 0', '{partition="1"} 2'],
    });

    reports = [caughtUp(0), { shard: 1, state: 'unavailable', partitions: [], error: 'no replica answered' }];
    expect(await probes()).toEqual({
      live: 'partition 0: 1800 s behind X (budget 60 s)',
      lag: ['{partition="0"} 40', '{partition="1"} 40'],
      behind: ['{partition="0"} 1800', '{partition="1"} 1800'],
    });
  });
});
