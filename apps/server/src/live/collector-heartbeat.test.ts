import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { KV, KvEntry } from '@nats-io/kv';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import { JetStreamLiveLog } from '@murmur/engine-cluster';
import { createSandboxPlugin, generateNetwork } from '@murmur/sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LiveConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { checkpointBucket } from './collector-checkpoint';
import { watchHeartbeat, type CollectorBeat } from './collector-heartbeat';
import { openLivePath, type LivePath } from './live-path';

/**
 * A collector in its own process is watched through its heartbeat (docs/LIVE.md "Freshness"): an
 * API server without a collector reads the beats from NATS, so that X unreachable, or the collector
 * killed, counts as behind in `GET /api/engine/status/` and `/readyz` although the live log, which
 * merely stopped growing, looks current.
 */

/** A KV holding one value of the heartbeat key, for the reader's rules in isolation. */
function oneKey(): { kv: KV; put(beat: CollectorBeat, created: number): void } {
  let entry: KvEntry | null = null;
  let revision = 0;
  return {
    kv: { get: () => Promise.resolve(entry) } as unknown as KV,
    put(beat, created) {
      const value = JSON.stringify(beat);
      entry = {
        revision: ++revision,
        operation: 'PUT',
        created: new Date(created),
        json: () => JSON.parse(value) as unknown,
      } as unknown as KvEntry;
    },
  };
}
const beat = (behindMs: number, stopped = false): CollectorBeat => ({
  at: 0,
  behindMs,
  connected: behindMs === 0 ? 1 : 0,
  streams: 1,
  down: [],
  ...(stopped && { stopped: true as const }),
});
/** Long enough for a watch reading every 50 ms to have read again. */
const read = () => new Promise((r) => setTimeout(r, 150));

describe('the heartbeat as an API server reads it', () => {
  it('is behind since the watch started while no collector ever beat', async () => {
    let now = 1_000_000;
    const { kv } = oneKey();
    const watch = await watchHeartbeat({ kv, everyMs: 10, now: () => now });
    now += 45_000;
    expect(watch.behindMs()).toBe(45_000);
    watch.close();
  });

  it('is 0 on fresh beats with every stream up, and behind since the last beat once they stop', async () => {
    let now = 1_000_000;
    const key = oneKey();
    key.put(beat(0), now - 100);
    const watch = await watchHeartbeat({ kv: key.kv, everyMs: 50, now: () => now });
    // The first value read is timed by when NATS stored it.
    expect(watch.behindMs()).toBe(0);
    now += 25;
    expect(watch.behindMs()).toBe(0);
    // No new revision for more than 3 beats: the collector counts as gone since its last beat.
    now += 20_000;
    expect(watch.behindMs()).toBe(20_125);
    // A beat again: timed by this reader's clock when it sees the new revision.
    key.put(beat(0), 0);
    await read();
    expect(watch.behindMs()).toBe(0);
    watch.close();
  });

  it('adds the time since the beat to a beat that says streams are down, or that the collector stopped', async () => {
    let now = 1_000_000;
    const key = oneKey();
    key.put(beat(12_000), now);
    const watch = await watchHeartbeat({ kv: key.kv, everyMs: 10_000, now: () => now });
    now += 3_000;
    expect(watch.behindMs()).toBe(15_000);
    key.put(beat(0, true), now);
    watch.close();
    const stopped = await watchHeartbeat({ kv: key.kv, everyMs: 10_000, now: () => now });
    now += 2_000;
    expect(stopped.behindMs()).toBe(2_000);
    stopped.close();
  });
});

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc: NatsConnection | null = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
if (!nc) console.warn(`collector-heartbeat.test.ts: process part skipped, no NATS at ${NATS_URL}`);
const MAIN = fileURLToPath(new URL('./collector-main.ts', import.meta.url));
const BEAT_SECONDS = 0.2;

describe.skipIf(!nc)('an API server without a collector, the collector in its own process', () => {
  const id = `${process.pid}_${Date.now()}`;
  const stream = `MURMUR_LIVE_TEST_HEARTBEAT_${id}`;
  const subjectPrefix = `murmur.test.${id}.heartbeat`;
  let sandbox: FastifyInstance;
  let streamUrl: string;
  /** The sandbox stops serving X's API (503) while set: X unreachable. */
  let down = false;
  let path: LivePath;
  let t: TestApp;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    const network = generateNetwork({ accounts: 800, seed: 'collector-heartbeat', historyDays: 1 });
    sandbox = Fastify();
    sandbox.addHook('onRequest', async (_request, reply) => {
      if (down) await reply.code(503).send({ title: 'Service Unavailable', status: 503 });
    });
    await sandbox.register(createSandboxPlugin({ network, clock: { speed: 40, stepSeconds: 1 } }), {
      prefix: '/sandbox',
    });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    streamUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/sandbox/x/2/`;
    const live: LiveConfig = {
      enabled: true,
      natsUrl: NATS_URL,
      stream,
      subjectPrefix,
      mountedSandbox: false,
      collectorEnabled: false,
      streamUrl,
      bearerToken: undefined,
      xPartitions: 1,
      partitions: 1,
      snapshotSeconds: 0,
      lagBudgetSeconds: 1,
      heartbeatMs: BEAT_SECONDS * 1000,
    };
    path = await openLivePath(live);
    t = await createTestApp(
      { live },
      {
        // The log's consumer is current: what freshness says then comes from the heartbeat alone.
        live: {
          ...path.deps,
          status: () => ({ partitions: [{ partition: 0, lagEvents: 0, lastEventAt: null, behindMs: 0 }] }),
        },
      },
    );
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t?.close();
    await path?.close();
    await sandbox?.close();
    if (nc) {
      await new Kvm(nc)
        .open(checkpointBucket(stream))
        .then((kv) => kv.destroy())
        .catch(() => undefined);
      await JetStreamLiveLog.open({ nc, partitions: 1, stream, subjectPrefix })
        .then((log) => log.destroy())
        .catch(() => undefined);
      await nc.close();
    }
  });

  /** `/readyz`'s live check (this app has no engine, so its other checks are not the point). */
  const readiness = async () =>
    (await t.app.inject({ url: '/readyz' })).json<{ checks: Record<string, string> }>().checks.live;
  const freshness = async () =>
    (await t.app.inject({ url: '/api/engine/status/' })).json<{
      freshness: { state: string; behindMs: number | null };
    }>().freshness;
  const until = async (check: () => Promise<boolean>, what: string) => {
    const end = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const notReadyForX = async () =>
    /^X's streams: nothing read for \d+ s \(budget 1 s\)$/.test((await readiness()) ?? '');

  it('counts no collector, X unreachable and a collector killed with SIGKILL as behind', async () => {
    // No collector has ever beaten: behind since the API server started watching.
    await until(notReadyForX, '/readyz to fail before any collector beats');
    expect((await freshness()).behindMs).toBeGreaterThan(1000);

    const streams = new Set<string>();
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        X_STREAM_URL: streamUrl,
        X_STREAM_BEARER_TOKEN: SANDBOX_DEV_CREDENTIALS.x.bearerToken,
        X_STREAM_PARTITIONS: '1',
        LIVE_NATS_URL: NATS_URL,
        LIVE_PARTITIONS: '1',
        LIVE_STREAM: stream,
        LIVE_SUBJECT_PREFIX: subjectPrefix,
        LIVE_HEARTBEAT_SECONDS: String(BEAT_SECONDS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"live: stream connected"')) {
        const { stream: s, partition } = JSON.parse(line) as { stream: string; partition?: number };
        streams.add(`${s}#${partition ?? 0}`);
      }
    });
    // 1 + 1 firehose partitions, the activity stream, 1 + 1 compliance partitions.
    await until(() => Promise.resolve(streams.size === 5), 'every stream connected');
    await until(async () => (await readiness()) === 'ok', '/readyz once the collector beats');
    expect(await freshness()).toEqual({ state: 'live', behindMs: 0 });

    // X stops serving: the collector's streams drop and their reconnections are refused.
    down = true;
    sandbox.server.closeAllConnections();
    await until(notReadyForX, '/readyz to fail while X is unreachable');
    expect((await freshness()).behindMs).toBeGreaterThan(1000);
    // X serves again: the streams reconnect (the collector's backoff), the beats say so.
    down = false;
    await until(async () => (await readiness()) === 'ok', '/readyz once X serves again');
    expect(await freshness()).toEqual({ state: 'live', behindMs: 0 });

    // The collector is killed: no more beats, its last one grows stale.
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    await until(notReadyForX, '/readyz to fail once the collector is dead');
    expect((await freshness()).behindMs).toBeGreaterThan(1000);
  }, 120_000);
});
