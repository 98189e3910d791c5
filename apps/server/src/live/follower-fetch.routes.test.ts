import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@murmur/core/live';
import { createSandboxPlugin, generateNetwork, SANDBOX_DEV_CREDENTIALS } from '@murmur/sandbox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamKit } from '../test/team-kit';
import { anyString } from '../test/matchers';
import { createTestApp, type TestApp, type TestSession } from '../test/test-app';

// X (the sandbox) over real HTTP beside the app, which reads followers from it with its bearer token.
const network = generateNetwork({ accounts: 1500, seed: 'follower-fetch-routes', historyDays: 1 });
const sandbox = Fastify();
const events: LiveEvent[] = [];
let t: TestApp;
let owner: TestSession;
let stranger: TestSession;
let team: { id: number; slug: string };
const kit = teamKit(() => t);

beforeAll(async () => {
  await sandbox.register(createSandboxPlugin({ network }), { prefix: '/sandbox' });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const streamUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/sandbox/x/2/`;
  t = await createTestApp(
    {
      live: {
        enabled: true,
        natsUrl: undefined,
        mountedSandbox: false,
        collectorEnabled: false,
        streamUrl,
        bearerToken: SANDBOX_DEV_CREDENTIALS.x.bearerToken,
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
      },
    },
  );
  owner = await t.signIn('owner@example.com');
  stranger = await t.signIn('stranger@example.com');
  team = await kit.createTeam(owner, 'Live team');
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const busiest = () => {
  let best = 0;
  for (let a = 0; a < network.accounts.handles.length; a++)
    if (network.graph.inDegree[a]! > network.graph.inDegree[best]!) best = a;
  return {
    handle: network.accounts.handles[best]!,
    id: network.accounts.ids[best]!.toString(),
    followers: network.graph.inDegree[best]!,
  };
};

describe('/api/live/follower-fetches/', () => {
  it('starts a follower read for a team member and reports its progress until done', async () => {
    const target = busiest();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/live/follower-fetches/',
      headers: owner.tokenAuth,
      payload: { team: team.slug, handle: `@${target.handle}` },
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      handle: target.handle,
      xUserId: target.id,
      total: target.followers,
    });
    let progress = started.json<{ state: string; progress: number }>();
    const deadline = Date.now() + 20_000;
    while (progress.state === 'running' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      const polled = await t.app.inject({
        url: `/api/live/follower-fetches/?team=${team.slug}&handle=${target.handle}`,
        headers: owner.tokenAuth,
      });
      expect(polled.statusCode).toBe(200);
      progress = polled.json();
    }
    expect(progress).toMatchObject({ state: 'done', progress: 100, fetched: target.followers });
    expect(events.filter((e) => e.type === 'follow' && e.to === target.id)).toHaveLength(target.followers);
  });

  it('is for members of the team only, and answers SPEC §8 errors for bad input', async () => {
    const payload = { team: team.slug, handle: busiest().handle };
    const anonymous = await t.app.inject({
      url: `/api/live/follower-fetches/?team=${team.slug}&handle=${payload.handle}`,
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ detail: anyString });
    const outsider = await t.app.inject({
      method: 'POST',
      url: '/api/live/follower-fetches/',
      headers: stranger.tokenAuth,
      payload,
    });
    expect([403, 404]).toContain(outsider.statusCode);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/live/follower-fetches/',
      headers: owner.tokenAuth,
      payload: { team: team.slug, handle: 'not a handle!' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/live/follower-fetches/',
      headers: owner.tokenAuth,
      payload: { team: team.slug, handle: 'nobody_here_x' },
    });
    expect(unknown.statusCode).toBe(404);
    const never = await t.app.inject({
      url: `/api/live/follower-fetches/?team=${team.slug}&handle=nobody_here_x`,
      headers: owner.tokenAuth,
    });
    expect(never.statusCode).toBe(404);
  });

  it('answers 503 on a server without a live path', async () => {
    const bare = await createTestApp();
    try {
      const me = await bare.signIn('owner@example.com');
      const res = await bare.app.inject({
        url: `/api/live/follower-fetches/?team=any&handle=someone`,
        headers: me.tokenAuth,
      });
      // The team is checked first (no such team here), then the live path.
      expect([404, 503]).toContain(res.statusCode);
      const own = await bare.app.inject({
        method: 'POST',
        url: '/api/teams/',
        headers: me.tokenAuth,
        payload: { name: 'Static' },
      });
      const slug = own.json<{ slug: string }>().slug;
      const started = await bare.app.inject({
        method: 'POST',
        url: '/api/live/follower-fetches/',
        headers: me.tokenAuth,
        payload: { team: slug, handle: 'someone' },
      });
      expect(started.statusCode).toBe(503);
      expect(started.json()).toEqual({
        detail: 'Reading followers from X needs the live path on this server.',
      });
    } finally {
      await bare.close();
    }
  });
});
