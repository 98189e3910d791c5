import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, CreatedApiKey } from '@murmur/core/api';
import { buildApp } from './app';
import { createCapturingMailer } from './test/capturing-mailer';
import { createTestApp, testConfig, type TestApp, type TestSession } from './test/test-app';
import { testNetwork } from './test/test-engine';
import { teamKit } from './test/team-kit';

// A key's rate limit holds across server processes: two apps over one database and one Redis
// (REDIS_URL; CI runs the server tests with it, as the auth cache's and the queue's Redis tests)
// share the key's count. Without Redis each process counts alone (api-keys.test.ts tests that).

const url = process.env.REDIS_URL;
let t: TestApp;
let second: FastifyInstance;
let alice: TestSession;
let audience: AudienceConfig;
let slug: string;
const kit = teamKit(() => t);

describe.skipIf(!url)("a key's rate limit across two server processes (Redis)", () => {
  beforeAll(async () => {
    const network = await testNetwork();
    t = await createTestApp({ redisUrl: url }, { engine: network.holder });
    // Another process: its own app, clock and mailer over the same database and Redis.
    second = await buildApp({
      config: testConfig({ redisUrl: url }),
      db: t.db,
      mailer: () => createCapturingMailer(),
      clock: t.clock,
      engine: network.holder,
    });
    alice = await t.signIn('alice@example.com');
    const team = await kit.createTeam(alice, 'Shared limits');
    slug = team.slug;
    audience = await kit.createConfig(alice, {
      name: 'Speakers',
      kind: 'saved_list',
      targeting_package: { languages: [{ label: 'English' }] },
      team: team.slug,
    });
  }, 120_000);
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('counts the calls made to either process against one limit', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${slug}/api-keys/`,
      headers: alice.tokenAuth,
      payload: { name: 'shared', scopes: ['audiences:read'], rate_limit_per_minute: 3 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { key } = made.json<CreatedApiKey>();
    const call = (app: FastifyInstance) =>
      app.inject({
        url: `/api/audience-configs/${audience.id}/`,
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await call(t.app)).statusCode).toBe(200);
    expect((await call(second)).statusCode).toBe(200);
    expect((await call(t.app)).statusCode).toBe(200);
    const fourth = await call(second);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ detail: string }>().detail).toMatch(/throttled/);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // The next minute of the servers' clock is a new window, on both.
    t.clock.advance(61_000);
    expect((await call(second)).statusCode).toBe(200);
  });
});
