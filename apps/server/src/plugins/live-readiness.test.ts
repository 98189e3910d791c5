import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveConfig } from '../config';
import type { LiveStatus } from '../engine/freshness';
import { createTestApp, type TestApp } from '../test/test-app';
import { testNetwork } from '../test/test-engine';

/**
 * A live engine's lag in `/readyz` and `/metrics` (docs/OPERATIONS.md): ready while every partition
 * of the live log is within LIVE_LAG_BUDGET_SECONDS of X, 503 naming `live` otherwise; the lag per
 * partition as Prometheus gauges. The consumer positions are those the live path reports
 * (live-path.ts `status`), set here by the test.
 */
const TOKEN = 'metrics-token-for-live-tests-0123456789';
const live: LiveConfig = {
  enabled: true,
  natsUrl: undefined,
  mountedSandbox: false,
  collectorEnabled: false,
  streamUrl: 'http://127.0.0.1:1/2/',
  bearerToken: undefined,
  xPartitions: 1,
  partitions: 2,
  snapshotSeconds: 0,
  lagBudgetSeconds: 60,
};

let t: TestApp;
let current: LiveStatus | null = null;
/** What the collector's heartbeat says (null: no collector watched). */
let sourceBehind: number | null = null;
const partition = (partition: number, lagEvents: number, behindMs: number | null) => ({
  partition,
  lagEvents,
  lastEventAt: behindMs === null ? null : Date.UTC(2026, 7, 1),
  behindMs,
});

beforeAll(async () => {
  const { holder } = await testNetwork();
  t = await createTestApp(
    { metricsToken: TOKEN, live },
    {
      engine: holder,
      live: {
        sink: { append: () => Promise.resolve() },
        status: () => current,
        collectorWatch: { behindMs: () => sourceBehind },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

const readiness = async () => {
  const res = await t.app.inject({ url: '/readyz' });
  const body = res.json<{ status: string; failed: string[]; checks: Record<string, string> }>();
  return { code: res.statusCode, failed: body.failed, live: body.checks.live };
};

describe('/readyz with a live engine', () => {
  it('is 503 naming live until the engine follows the log', async () => {
    current = null;
    expect(await readiness()).toEqual({
      code: 503,
      failed: ['live'],
      live: 'not following the live log yet',
    });
  });

  it('is 503 while events wait whose time is not known yet', async () => {
    current = { partitions: [partition(0, 0, 0), partition(1, 1200, null)] };
    expect(await readiness()).toEqual({
      code: 503,
      failed: ['live'],
      live: 'partition 1: catching up, 1200 events waiting',
    });
  });

  it('is 200 within the budget and 503 past it, naming the partition and the budget', async () => {
    current = { partitions: [partition(0, 3, 2_000), partition(1, 40, 59_000)] };
    expect(await readiness()).toEqual({ code: 200, failed: [], live: 'ok' });
    current = { partitions: [partition(0, 3, 2_000), partition(1, 9000, 61_000)] };
    expect(await readiness()).toEqual({
      code: 503,
      failed: ['live'],
      live: 'partition 1: 61 s behind X (budget 60 s)',
    });
  });
});

describe('/readyz and /metrics with the collector in its own process', () => {
  it('is 503 once its heartbeat says X’s streams have been silent past the budget, and says how long', async () => {
    current = { partitions: [partition(0, 0, 0), partition(1, 0, 0)] };
    sourceBehind = 59_000;
    expect(await readiness()).toEqual({ code: 200, failed: [], live: 'ok' });
    sourceBehind = 61_000;
    expect(await readiness()).toEqual({
      code: 503,
      failed: ['live'],
      live: "X's streams: nothing read for 61 s (budget 60 s)",
    });
    const body = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }))
      .body;
    expect(body).toMatch(/murmur_live_source_behind_seconds 61\n/);
    sourceBehind = null;
    expect(await readiness()).toEqual({ code: 200, failed: [], live: 'ok' });
  });
});

describe('/metrics with a live engine', () => {
  const scrape = async () =>
    (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('gives the lag of each partition in events and in seconds behind X', async () => {
    current = { partitions: [partition(0, 3, 2_500), partition(1, 1200, null)] };
    const body = await scrape();
    expect(body).toMatch(/murmur_live_lag_events\{partition="0"\} 3\n/);
    expect(body).toMatch(/murmur_live_lag_events\{partition="1"\} 1200\n/);
    expect(body).toMatch(/murmur_live_behind_seconds\{partition="0"\} 2\.5\n/);
    // Unknown, not zero: the series is absent until the first event of the partition is applied.
    expect(body).not.toMatch(/murmur_live_behind_seconds\{partition="1"\}/);
  });

  it('forgets a partition the status no longer reports', async () => {
    current = { partitions: [partition(0, 0, 0)] };
    const body = await scrape();
    expect(body).toMatch(/murmur_live_lag_events\{partition="0"\} 0\n/);
    expect(body).not.toMatch(/murmur_live_lag_events\{partition="1"\}/);
  });
});
