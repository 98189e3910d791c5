import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueEntry, CatalogueItem, Location, TargetingCountry } from '@murmur/core/api';
import { targetingPackageSchema, type TargetingPackageInput } from '@murmur/core/targeting';
import type { AudienceEngine } from '@murmur/engine';
import { unavailableEngine } from '../../engine/engine-holder';
import { createTestApp, TEST_TOKENS, type TestApp } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';

let t: TestApp;
let engine: AudienceEngine;
beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({}, { engine: network.holder });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const estimate = (pkg: TargetingPackageInput) =>
  engine.estimate(targetingPackageSchema.parse(pkg)).populationEstimate;

describe('GET /api/targeting-countries/ (SPEC §4)', () => {
  it('lists every country, the DPRK by its SPEC name, unselectable, with its info (deviation 8)', async () => {
    const res = await get('/api/targeting-countries/');
    expect(res.statusCode).toBe(200);
    const { countries } = res.json<{ countries: TargetingCountry[] }>();
    expect(countries).toHaveLength(249);
    expect(countries.find((c) => c.code === 'JP')).toEqual({
      code: 'JP',
      name: 'Japan',
      name_ja: '日本',
      selectable: true,
    });
    expect(countries.filter((c) => !c.selectable)).toEqual([
      {
        code: 'KP',
        name: "Democratic People's Republic of Korea",
        name_ja: '朝鮮民主主義人民共和国',
        selectable: false,
        info: 'This country is not available for targeting.',
      },
    ]);
  });
});

describe('the targeting service’s lists and the visitor’s country', () => {
  it('serves interests and locations under /api/targeting-*/ as under /api/external/', async () => {
    expect((await get('/api/targeting-interests/')).json()).toEqual(
      (await get('/api/external/interests/')).json(),
    );
    const tokyo = await get('/api/targeting-locations/?q=Tokyo&limit=5');
    expect(tokyo.statusCode).toBe(200);
    expect(tokyo.json()).toEqual((await get('/api/external/locations/?q=Tokyo&limit=5')).json());
    expect((await get('/api/targeting-locations/?limit=0')).statusCode).toBe(400);
  });

  it('tells the country from the edge header, else the browser language, else not at all', async () => {
    const geo = (headers: Record<string, string>) => t.app.inject({ url: '/api/geo-location/', headers });
    expect((await geo({ 'cf-ipcountry': 'jp', 'accept-language': 'en-US' })).json()).toEqual({
      country_code: 'JP',
      country: 'Japan',
      source: 'edge',
    });
    expect((await geo({ 'cf-ipcountry': 'XX', 'accept-language': 'fr, en-GB;q=0.8' })).json()).toEqual({
      country_code: 'GB',
      country: 'United Kingdom',
      source: 'language',
    });
    expect((await geo({ 'accept-language': 'ja' })).json()).toEqual({
      country_code: null,
      country: null,
      source: 'none',
    });
  });
});

describe('catalogue lists', () => {
  it('lists interests as X names them, sized like a package holding only that interest', async () => {
    const res = await get('/api/external/interests/');
    expect(res.statusCode).toBe(200);
    const { interests } = res.json<{ interests: CatalogueEntry[] }>();
    expect(interests.length).toBeGreaterThan(100);
    const software = interests.find((i) => i.label === 'Technology and computing/Software')!;
    expect(software).toMatchObject({ value: '24001', category: 'Technology and computing' });
    expect(software.size).toBeGreaterThan(0);
    for (const item of interests.filter((i) => i.size > 0).slice(0, 10)) {
      expect(item.size).toBe(estimate({ interests: [{ label: item.label, id: item.value }] }));
      expect(item.size_figure).toMatchObject({ kind: 'estimate', value: item.size });
      expect(item.size_figure.low).toBeLessThanOrEqual(item.size);
      expect(item.size_figure.high).toBeGreaterThanOrEqual(item.size);
    }
  });

  it('lists languages, topics and movies/TV with sizes from the engine', async () => {
    const { languages } = (await get('/api/external/languages/')).json<{ languages: CatalogueItem[] }>();
    const japanese = languages.find((l) => l.value === 'ja')!;
    expect(japanese).toMatchObject({ label: 'Japanese', category: null });
    expect(japanese.size).toBe(estimate({ languages: [{ label: 'ja' }] }));
    expect(japanese.size).toBeGreaterThan(0);
    const topics = (await get('/api/external/conversation-topics/')).json<{
      conversation_topics: CatalogueItem[];
    }>();
    expect(topics.conversation_topics.length).toBeGreaterThan(100);
    expect(topics.conversation_topics.every((c) => typeof c.category === 'string')).toBe(true);
    const movies = (await get('/api/external/movies-tv-shows/')).json<{ movies_tv_shows: CatalogueItem[] }>();
    expect(movies.movies_tv_shows.length).toBeGreaterThan(10);
  });

  it('filters network operators by country and refuses a malformed code', async () => {
    const res = await get('/api/external/network-operators/?country=jp');
    const { network_operators } = res.json<{ network_operators: CatalogueItem[] }>();
    expect(network_operators.length).toBeGreaterThan(0);
    expect(network_operators.every((o) => o.category === 'JP')).toBe(true);
    const bad = await get('/api/external/network-operators/?country=Japan');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ country: ['Enter a two-letter country code.'] });
  });
});

describe('catalogue searches', () => {
  it('ranks by match quality: the exact name, then a part, then a prefix', async () => {
    const res = await post('/api/external/interests/search/', { keywords: 'software' });
    expect(res.statusCode).toBe(200);
    const labels = res.json<{ interests: CatalogueItem[] }>().interests.map((i) => i.label);
    expect(labels[0]).toBe('Technology and computing/Software');
    const topics = await post('/api/external/conversation-topics/search/', { keywords: 'a' });
    expect(topics.json<{ conversation_topics: unknown[] }>().conversation_topics.length).toBeLessThanOrEqual(
      50,
    );
  });

  it('answers under each catalogue key and finds nothing for nonsense', async () => {
    for (const [path, key] of [
      ['movies-tv-shows', 'movies_tv_shows'],
      ['network-operators', 'network_operators'],
    ] as const) {
      const res = await post(`/api/external/${path}/search/`, { keywords: 'zzqx-nothing' });
      expect(res.json()).toEqual({ [key]: [] });
    }
  });

  it('refuses a blank or missing keywords field', async () => {
    expect((await post('/api/external/interests/search/', { keywords: '  ' })).json()).toEqual({
      keywords: ['This field may not be blank.'],
    });
    expect((await post('/api/external/interests/search/', {})).json()).toEqual({
      keywords: ['This field is required.'],
    });
  });
});

describe('locations', () => {
  it('finds places by name with their type and country code', async () => {
    const res = await get('/api/external/locations/?q=tokyo');
    const { locations } = res.json<{ locations: Location[] }>();
    expect(locations.length).toBeGreaterThan(0);
    expect(locations[0]!.label.toLowerCase()).toContain('tokyo');
    expect(locations.every((l) => l.country_code === 'JP')).toBe(true);
    for (const l of locations) {
      expect(l.size).toBe(estimate({ locations: [{ label: l.label, id: l.value }] }));
      // The size as a figure: Murmur's estimate with a 95 % interval around it.
      expect(l.size_figure).toMatchObject({ kind: 'estimate', value: l.size });
      expect(l.size_figure.low).toBeLessThanOrEqual(l.size);
      expect(l.size_figure.high).toBeGreaterThanOrEqual(l.size);
      if (l.size > 0) expect(l.size_figure.high).toBeGreaterThan(l.size_figure.low);
    }
  });

  it('filters by type', async () => {
    const { locations } = (await get('/api/external/locations/?type=country&limit=500')).json<{
      locations: Location[];
    }>();
    expect(locations.length).toBeGreaterThan(30);
    expect(locations.every((l) => l.type === 'country')).toBe(true);
    const japan = locations.find((l) => l.country_code === 'JP')!;
    expect(japan.size).toBe(estimate({ countries: [{ label: 'Japan' }] }));
    expect((await get('/api/external/locations/?type=planet')).statusCode).toBe(400);
  });
});

describe('job titles and access', () => {
  it('serves SPEC §3 job-title tree', async () => {
    const { categories } = (await get('/api/external/job-titles/')).json<{
      categories: { name: string; titles: string[] }[];
    }>();
    expect(categories.map((c) => c.name)).toContain('Decision maker');
    expect(categories).toHaveLength(15);
    expect(categories.find((c) => c.name === 'Business')!.titles).toContain('Founder');
  });

  it('is public, also for the extension and pro-targeting tokens', async () => {
    for (const token of [TEST_TOKENS.extension, TEST_TOKENS.proTargeting]) {
      const res = await t.app.inject({
        url: '/api/external/languages/',
        headers: { authorization: `Token ${token}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers 503 while the engine loads', async () => {
    const loading = await createTestApp({}, { engine: unavailableEngine('The audience engine is loading.') });
    try {
      const res = await loading.app.inject({ url: '/api/external/interests/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'The audience engine is loading.' });
      expect((await loading.app.inject({ url: '/api/external/job-titles/' })).statusCode).toBe(200);
    } finally {
      await loading.close();
    }
  });
});
