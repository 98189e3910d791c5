import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunitySummary, GrowthWindow } from '@murmur/core/api';
import type { AudienceEngine } from '@murmur/engine';
import { unavailableEngine } from '../../engine/engine-holder';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';

let t: TestApp;
let engine: AudienceEngine;
beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({}, { engine: network.holder });
});
afterAll(() => t.close());

const communities = async (query: string) =>
  (await t.app.inject({ url: `/api/communities/${query}` })).json<{ results: CommunitySummary[] }>().results;

describe('communities', () => {
  it('on a static index lists no trending community and says there is no earlier count', async () => {
    const res = await t.app.inject({ url: '/api/communities/?sort=trending' });
    const body = res.json<{ results: CommunitySummary[]; growth_window: GrowthWindow }>();
    const network = engine.explore.communities();
    // Membership never moves on a static index: nothing is "trending", and the answer says why.
    expect(body.results).toEqual([]);
    expect(body.growth_window).toEqual({ live: false, from: null, to: network.now });
    const all = await communities('?sort=most_searched&limit=100');
    expect(all).toHaveLength(network.communities.length);
    for (const c of all) {
      const own = network.communities.find((n) => `community-${n.id + 1}` === c.id)!;
      expect(c.name).toBe(own.name);
      expect(c.growth).toBeNull();
      expect(c.size).toBe(Math.round(own.size * engine.scale));
      expect(c.size_figure).toMatchObject({
        kind: 'estimate',
        value: c.size,
        sample_size: network.basis.analysed,
      });
      expect(c.size_figure.low).toBeLessThanOrEqual(c.size);
      expect(c.size_figure.high).toBeGreaterThanOrEqual(c.size);
      expect(c.top_accounts.map((a) => a.handle)).toEqual(own.topAccounts.map((a) => a.handle));
      expect(c.targeting_package.handles.length).toBeGreaterThan(0);
    }
  });

  it('ranks by searches once people search for a community’s terms', async () => {
    const [target] = (await communities('?sort=most_searched&limit=100')).slice(-1);
    const handle = target!.top_accounts[0]!.handle;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/external/followers-of/',
        payload: { handle },
      });
      expect(res.statusCode).toBe(200);
    }
    const ranked = await communities('?sort=most_searched&limit=3');
    expect(ranked).toHaveLength(3);
    expect(ranked[0]!.id).toBe(target!.id);
    expect(ranked[0]!.searches).toBeGreaterThanOrEqual(3);
  });

  it('counts the handles of packages sized through build-audience as searches', async () => {
    const all = await communities('?sort=most_searched');
    const target = all[0]!;
    const handle = target.top_accounts[0]!.handle;
    const before = all.find((c) => c.id === target.id)!.searches;
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/build-audience/',
        payload: { targeting_package: { handles: [{ handle }] } },
      });
      expect(res.statusCode).toBe(200);
    }
    const after = (await communities('?sort=most_searched&limit=50')).find((c) => c.id === target.id)!;
    expect(after.searches).toBeGreaterThanOrEqual(before + 5);
  });

  it('shows one community with panels of its members', async () => {
    const [first] = await communities('?sort=most_searched');
    const res = await t.app.inject({ url: `/api/community/?id=${first!.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      community: CommunitySummary;
      insights: {
        demographics: { basis: { members: number } };
        interests: unknown;
        influentialAccounts: unknown;
      };
    }>();
    expect(body.community.id).toBe(first!.id);
    const members = engine.explore
      .communities()
      .communities.find((c) => `community-${c.id + 1}` === first!.id)!.members.count;
    expect(body.insights.demographics.basis.members).toBe(members);
    expect(body.insights).toHaveProperty('influentialAccounts');
  });

  it('answers 404 for an unknown community and 400 for bad queries', async () => {
    expect((await t.app.inject({ url: '/api/community/?id=community-999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/community/' })).json()).toEqual({
      id: ['This field is required.'],
    });
    expect((await t.app.inject({ url: '/api/communities/?sort=loudest' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/communities/?limit=0' })).statusCode).toBe(400);
  });

  it('answers 503 while the engine loads', async () => {
    const loading = await createTestApp({}, { engine: unavailableEngine('The audience engine is loading.') });
    try {
      expect((await loading.app.inject({ url: '/api/communities/' })).statusCode).toBe(503);
    } finally {
      await loading.close();
    }
  });
});
