import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import { createSandboxPlugin, generateNetwork } from '@murmur/sandbox';
import { createCollector, streamsSettled, type LiveSink } from './collector';

/**
 * A start that holds the event loop past the streams' keep-alive timeout (an index built from a
 * file) leaves every stream "connected" in the collector's stats at the instant it ends; their
 * timeouts fire on the loop's next turn and they reconnect. `streamsSettled` answers only once each
 * stream is connected again: main.ts lets a held sandbox clock run only then, so that no
 * reconnection asks a backfill the clock has outrun.
 */
const sandbox = Fastify();
await sandbox.register(
  createSandboxPlugin({
    network: generateNetwork({ accounts: 500, seed: 'streams-heard', historyDays: 1 }),
    clock: { speed: 3600, stepSeconds: 1 },
    // A keep-alive every 150 ms.
    streams: { keepAliveMs: 150 },
  }),
  { prefix: '/sandbox' },
);
await sandbox.listen({ port: 0, host: '127.0.0.1' });
const sink: LiveSink = { append: () => Promise.resolve() };
const silent = () => undefined;
const collector = createCollector({
  baseUrl: `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/sandbox/x/2/`,
  bearerToken: SANDBOX_DEV_CREDENTIALS.x.bearerToken,
  streams: [
    { kind: 'posts', path: 'tweets/firehose/stream', partition: 1, query: { partition: '1' } },
    { kind: 'likes', path: 'likes/firehose/stream', partition: 1, query: { partition: '1' } },
  ],
  sink,
  log: { info: silent, warn: silent, error: silent },
  initialBackfillMinutes: 0,
  retryDelayMs: () => 20,
  keepAliveTimeoutMs: 600,
});
afterAll(async () => {
  await collector.stop();
  await sandbox.close();
});

it('answers once every stream has reconnected after the event loop was held past the keep-alive timeout', async () => {
  await collector.start();
  expect(await streamsSettled(collector, { timeoutMs: 10_000, everyMs: 20 })).toBe(true);
  const reconnectsBefore = collector.stats().streams.map((s) => s.reconnects);

  // The loop held for longer than the keep-alive timeout, as a long build holds it.
  const heldUntil = Date.now() + 1_000;
  while (Date.now() < heldUntil);
  const since = Date.now();
  // The naive reading at this instant: every stream still says "connected".
  expect(collector.stats().streams.every((s) => s.state === 'connected')).toBe(true);

  expect(await streamsSettled(collector, { timeoutMs: 10_000, everyMs: 20 })).toBe(true);
  const after = collector.stats().streams;
  after.forEach((s, i) => {
    expect(s.state).toBe('connected');
    // It heard from X since (the sandbox sends a keep-alive as a stream opens).
    expect(s.lastLineAt).toBeGreaterThanOrEqual(since);
    // Each timed out on the loop's next turn and connected again before the answer.
    expect(s.reconnects).toBeGreaterThan(reconnectsBefore[i]!);
  });
});

it('answers false when a stream is not connected within the time allowed', async () => {
  const stats = () => ({ streams: [{ state: 'connected' }, { state: 'reconnecting' }] });
  let now = 100;
  const settled = streamsSettled(
    { stats: stats as unknown as typeof collector.stats },
    { timeoutMs: 30, everyMs: 1, now: () => (now += 10) },
  );
  expect(await settled).toBe(false);
});
