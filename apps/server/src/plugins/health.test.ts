import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableEngine } from '../engine/engine-holder';
import { createTestApp, type TestApp } from '../test/test-app';
import { testNetwork } from '../test/test-engine';

interface Readiness {
  status: string;
  failed: string[];
  checks: Record<string, string>;
}

describe('/healthz and /readyz', () => {
  let ready: TestApp;
  let noEngine: TestApp;
  let deadDeps: TestApp;
  beforeAll(async () => {
    const { holder } = await testNetwork();
    ready = await createTestApp({}, { engine: holder });
    noEngine = await createTestApp({}, { engine: unavailableEngine('No network snapshot is configured.') });
    // Nothing listens on port 9 (discard): Redis and NATS are configured but unreachable.
    deadDeps = await createTestApp(
      { redisUrl: 'redis://127.0.0.1:9', engineShards: { natsUrl: 'nats://127.0.0.1:9' } },
      { engine: holder },
    );
  });
  afterAll(async () => {
    await ready.close();
    await noEngine.close();
    await deadDeps.close();
  });

  it('/healthz answers while the process lives, whatever its dependencies', async () => {
    const res = await deadDeps.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is 200 when the database, its migrations and the engine are ready', async () => {
    const res = await ready.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Readiness>()).toEqual({
      status: 'ready',
      failed: [],
      checks: { database: 'ok', migrations: 'ok', engine: 'ok' },
    });
  });

  it('/readyz is 503 naming the engine when it is not loaded', async () => {
    const res = await noEngine.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    const body = res.json<Readiness>();
    expect(body.failed).toEqual(['engine']);
    expect(body.checks.engine).toContain('No network snapshot');
    expect(body.checks.database).toBe('ok');
  });

  it('/readyz is 503 naming Redis and NATS when they are configured but unreachable', async () => {
    const res = await deadDeps.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    const body = res.json<Readiness>();
    expect(body.failed.sort()).toEqual(['nats', 'redis']);
    expect(body.checks.engine).toBe('ok');
  });
});
