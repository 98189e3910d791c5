import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetingPackageSchema } from '@murmur/core/targeting';
import type { AudienceCategory, Iconography } from '@murmur/core/api';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the icon set: /api/iconography/ and /api/icons/', () => {
  it('serves every icon the criteria and the seeded categories use, cacheable and revalidated by version', async () => {
    const res = await t.app.inject({ url: '/api/iconography/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const set = res.json<Iconography>();
    expect(res.headers.etag).toBe(`"${set.version}"`);
    const names = new Set(set.icons.map((icon) => icon.name));
    expect(names.size).toBe(set.icons.length);
    for (const name of [
      ...Object.values(set.criteria),
      ...Object.values(set.categories),
      set.default_category,
    ])
      expect(names, name).toContain(name);
    // Every criterion of a targeting package and every category in the database has its own icon.
    expect(Object.keys(set.criteria)).toEqual(
      expect.arrayContaining(Object.keys(targetingPackageSchema.shape)),
    );
    const categories = (await t.app.inject({ url: '/api/audience-categories/' })).json<AudienceCategory[]>();
    expect(categories.length).toBeGreaterThan(0);
    for (const c of categories) expect(set.categories[c.name], c.name).toBeDefined();
    // Only hashtags carry the "#": a keyword chip drawn with it reads as a hashtag.
    expect(set.criteria.hashtags).toBe('hash');
    expect(set.criteria.keywords).not.toBe('hash');
    for (const icon of set.icons)
      for (const d of icon.paths) expect(d, icon.name).toMatch(/^M[-\d.\s,a-zA-Z]+$/);

    const again = await t.app.inject({
      url: '/api/iconography/',
      headers: { 'if-none-match': res.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('draws one icon as SVG, in a colour and size; unknown names 404, bad input 400', async () => {
    const svg = await t.app.inject({ url: '/api/icons/?name=heart&color=%231c7ed6&size=32' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['cache-control']).toMatch(/public/);
    expect(svg.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="32" height="32"/);
    expect(svg.body).toContain('stroke="#1c7ed6"');
    expect(svg.body).toContain('<path d="M12 20s-7-4.5');
    const cached = await t.app.inject({
      url: '/api/icons/?name=heart&color=%231c7ed6&size=32',
      headers: { 'if-none-match': svg.headers.etag! },
    });
    expect(cached.statusCode).toBe(304);

    expect((await t.app.inject({ url: '/api/icons/?name=nope' })).statusCode).toBe(404);
    for (const url of [
      '/api/icons/',
      '/api/icons/?name=%3Cscript%3E',
      '/api/icons/?name=heart&color=red%22%3E',
      '/api/icons/?name=heart&size=100000',
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(400);
  });
});
