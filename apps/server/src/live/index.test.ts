import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@murmur/core/live';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Collector, StreamStats } from './collector';
import { createStreamWatch } from './index';
import { activityLine, postLine, userComplianceLine, xUser } from './x-shapes.test-kit';

// A stand-in for X's five streams over HTTP: a few lines each, then keep-alives.
const T = Date.parse('2026-11-20T12:00:00.000Z');
const ana = { id: '3001', username: 'ana' };
const ben = { id: '3002', username: 'ben' };
const LINES: Record<string, object[]> = {
  'tweets/firehose/stream': [postLine({ id: '7001', author: ana, at: T })],
  'likes/firehose/stream': [],
  'activity/stream': [activityLine('follow.follow', T + 1, { source: xUser(ben), target: xUser(ana) })],
  'users/compliance/stream': [userComplianceLine('user_suspend', '3009', T + 2)],
  'tweets/compliance/stream': [],
};
const x = Fastify();
const asked: string[] = [];
const events: LiveEvent[] = [];
let t: TestApp;

beforeAll(async () => {
  x.get('/2/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    asked.push(request.url);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'application/json' });
    for (const line of LINES[path] ?? []) res.write(JSON.stringify(line) + '\r\n');
    const alive = setInterval(() => res.write('\r\n'), 50);
    res.on('close', () => clearInterval(alive));
    await new Promise((resolve) => res.on('close', resolve));
  });
  await x.listen({ port: 0, host: '127.0.0.1' });
  const streamUrl = `http://127.0.0.1:${(x.server.address() as AddressInfo).port}/2/`;
  t = await createTestApp(
    {
      live: {
        enabled: true,
        natsUrl: undefined,
        mountedSandbox: false,
        collectorEnabled: true,
        streamUrl,
        bearerToken: 'token',
        xPartitions: 1,
        partitions: 1,
        snapshotSeconds: 0,
        lagBudgetSeconds: 300,
      },
    },
    {
      live: {
        sink: {
          append: (batch) => {
            events.push(...batch);
            return Promise.resolve();
          },
        },
        // The log's consumer is current; freshness then depends on the streams alone.
        status: () => ({ partitions: [{ partition: 0, lagEvents: 0, lastEventAt: null, behindMs: 0 }] }),
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // Closing the app closes its streams: X's side can then close too.
  await t.close();
  await x.close();
});

describe('the server’s live wiring', () => {
  it('starts the collector once the server listens, on every stream, and appends what X sends', async () => {
    const deadline = Date.now() + 10_000;
    while (events.length < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(events.map((e) => e.key).sort()).toEqual(
      [
        `user:3001:${T}`,
        'post:7001',
        `user:3002:${T + 1}`,
        `follow:3002:3001:${T + 1}`,
        `user-suspend:3009:${T + 2}`,
      ].sort(),
    );
    expect(asked.map((u) => u.split('?')[0]).sort()).toEqual([
      '/2/activity/stream',
      '/2/likes/firehose/stream',
      '/2/tweets/compliance/stream',
      '/2/tweets/firehose/stream',
      '/2/users/compliance/stream',
    ]);
    // A fresh collector asks for X's full backfill, and the partitioned streams for their partition.
    expect(asked.every((u) => u.includes('backfill_minutes=5'))).toBe(true);
    expect(asked.find((u) => u.startsWith('/2/tweets/firehose/stream'))).toContain('partition=1');
    // Every stream connected and the log applied: the engine status says live, 0 ms behind.
    const status = await t.app.inject({ url: '/api/engine/status/' });
    expect(status.json<{ freshness: unknown }>().freshness).toEqual({ state: 'live', behindMs: 0 });
  });
});

describe('the stream watch (freshness counts X’s streams stalling)', () => {
  const stream = (state: StreamStats['state'], lastLineAt: number | null): StreamStats => ({
    kind: 'posts',
    partition: 1,
    state,
    reconnects: 0,
    lines: 0,
    events: 0,
    duplicates: 0,
    ignored: 0,
    malformed: 0,
    errors: 0,
    lastLineAt,
  });
  const collectorWith = (streams: StreamStats[]): Collector => ({
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
    stats: () => ({ streams, appended: 0, pending: 0, appendFailures: 0 }),
  });

  it('is unknown without a collector in this process, 0 while every stream is connected', () => {
    let now = 1_000_000;
    const watch = createStreamWatch(() => now);
    expect(watch.behindMs()).toBeNull();
    const streams = [stream('connected', 990_000), stream('connected', null)];
    watch.attach(collectorWith(streams));
    now += 600_000;
    expect(watch.behindMs()).toBe(0);
  });

  it('is the time since the last line of a stream that is not connected, or since the start', () => {
    let now = 1_000_000;
    const watch = createStreamWatch(() => now);
    const streams = [stream('connected', 999_000), stream('reconnecting', 940_000)];
    watch.attach(collectorWith(streams));
    expect(watch.behindMs()).toBe(60_000);
    // A stream that never connected (X unreachable) is behind since the collector started.
    streams.push(stream('connecting', null));
    now += 120_000;
    expect(watch.behindMs()).toBe(180_000);
  });
});
