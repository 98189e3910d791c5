import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceRegion, StoreAudience } from '@murmur/core/api';
import { japaneseCatalogueName } from '@murmur/core/targeting';
import type { AudienceEngine } from '@murmur/engine';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { createStoreService } from './store.service';

let t: TestApp;
let engine: AudienceEngine;
beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({}, { engine: network.holder });
});
afterAll(() => t.close());

type StoreList = { count: number; results: StoreAudience[] };
const list = async (query = '') => (await t.app.inject({ url: `/api/audiences/${query}` })).json<StoreList>();

describe('audience regions and categories', () => {
  it('lists regions with their country codes', async () => {
    const regions = (await t.app.inject({ url: '/api/audience-regions/' })).json<AudienceRegion[]>();
    expect(regions.find((r) => r.name === 'Japan')).toEqual({
      id: 4,
      name: 'Japan',
      is_single_country: true,
      country_codes: ['JP'],
    });
    expect(regions.find((r) => r.name === 'Europe')!.country_codes).toContain('DE');
    expect(regions.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Global', 'United States', 'United Kingdom', 'Asia-Pacific']),
    );
  });

  it('lists audience categories, Exclusion Audience included', async () => {
    const categories = (await t.app.inject({ url: '/api/audience-categories/' })).json<{ name: string }[]>();
    expect(categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Technology', 'Exclusion Audience']),
    );
  });
});

describe('the audience store', () => {
  it('holds one audience per category × region, sized by the engine', async () => {
    const all = await list();
    const categories = (await t.app.inject({ url: '/api/audience-categories/' })).json<unknown[]>();
    const regions = (await t.app.inject({ url: '/api/audience-regions/' })).json<unknown[]>();
    expect(all.count).toBe((categories.length - 1) * regions.length);
    const tech = all.results.find((a) => a.name === 'Technology · Japan')!;
    expect(tech).toMatchObject({
      category: { name: 'Technology' },
      region: { id: 4, name: 'Japan' },
      country: 'Japan',
    });
    expect(tech.targeting_package.interests).toEqual([{ label: 'Technology and computing' }]);
    expect(tech.targeting_package.countries).toEqual([{ label: 'Japan', id: 'JP' }]);
    for (const a of all.results.slice(0, 20)) {
      const estimate = engine.estimate(a.targeting_package);
      expect(a.size).toBe(estimate.populationEstimate);
      expect(a.size_bucket).toBe(estimate.sizeBucket);
      // The size is Murmur's estimate, with its interval around it.
      expect(a.size_figure).toMatchObject({ kind: 'estimate', value: a.size, sample: estimate.sampleCount });
      expect(a.size_figure.low).toBeLessThanOrEqual(a.size);
      expect(a.size_figure.high).toBeGreaterThanOrEqual(a.size);
    }
    expect(tech.size).toBeGreaterThan(0);
    expect(all.results.some((a) => a.name.startsWith('Exclusion'))).toBe(false);
  });

  it('filters by category, region (id or name) and search; is deterministic', async () => {
    const japan = await list('?region=japan');
    expect(japan.results.every((a) => a.region.id === 4)).toBe(true);
    const byId = await list('?region=4');
    expect(byId).toEqual(japan);
    const sports = await list('?category=Sports&region=Global');
    expect(sports.count).toBe(1);
    expect(sports.results[0]!.country).toBeNull();
    expect((await list('?search=worldwide')).count).toBe((await list('?region=1')).count);
    expect((await list('?region=Atlantis')).count).toBe(0);
  });

  it('names every audience in Japanese too, and finds it by its Japanese words', async () => {
    const categories = (await t.app.inject({ url: '/api/audience-categories/' })).json<{ name: string }[]>();
    const regions = (await t.app.inject({ url: '/api/audience-regions/' })).json<AudienceRegion[]>();
    // Every seeded category and every region has a Japanese name in core.
    expect(
      categories.filter((c) => japaneseCatalogueName('audience_categories', c.name) === undefined),
    ).toEqual([]);
    expect(regions.filter((r) => japaneseCatalogueName('audience_regions', r.name) === undefined)).toEqual(
      [],
    );
    const all = await list();
    const tech = all.results.find((a) => a.name === 'Technology · Japan')!;
    expect(tech.name_ja).toBe('テクノロジー · 日本');
    expect(tech.description_ja).toBe('日本でテクノロジー・コンピューターに関心のある X ユーザー。');
    expect(tech.description).toBe('People on X interested in Technology and computing, in Japan.');
    // No Latin letters left in a Japanese name or description but X's own name.
    for (const a of all.results)
      expect(`${a.name_ja}${a.description_ja.replace(/\bX\b/g, '')}`).not.toMatch(/[A-Za-z]/);
    const found = await list(`?search=${encodeURIComponent('テクノロジー')}`);
    expect(found.results.map((a) => a.id)).toContain(tech.id);
  });

  it('finds a store audience by id for saving it', async () => {
    const [first] = (await list()).results;
    const store = createStoreService({
      engine: (await testNetwork()).holder,
      listCategories: async () =>
        (await t.app.inject({ url: '/api/audience-categories/' })).json<{ id: number; name: string }[]>(),
    });
    expect(await store.find(first!.id)).toEqual(first);
    expect(await store.find(999_999)).toBeUndefined();
  });
});
