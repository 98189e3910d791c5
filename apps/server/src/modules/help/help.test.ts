import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpArticle, HelpArticleList, HelperDocument } from '@murmur/core/api';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HELP_ENTRIES } from './help.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe('help content (Guides, User manual, Help)', () => {
  it('has every article in both languages with the same sections', () => {
    for (const entry of HELP_ENTRIES) {
      expect(
        entry.text.ja.sections.map((s) => s.id),
        entry.id,
      ).toEqual(entry.text.en.sections.map((s) => s.id));
      expect(entry.text.ja.title).not.toBe(entry.text.en.title);
    }
  });

  it('quotes on-screen messages in the article’s own language', () => {
    for (const entry of HELP_ENTRIES) {
      for (const section of entry.text.ja.sections) {
        // A Japanese article quotes what a Japanese screen shows: no English sentence (three words) in 「」.
        expect(section.title, `${entry.id}/${section.id}`).not.toMatch(
          /「[^」]*[A-Za-z]+ [A-Za-z]+ [A-Za-z]+[^」]*」/,
        );
      }
    }
  });

  it('lists one kind, and finds articles holding every word of the search, in the chosen language', async () => {
    const guides = (await get('/api/help/articles/?kind=guide')).json<HelpArticleList>().results;
    expect(guides.map((a) => a.id)).toEqual(['getting-started', 'build-an-audience', 'apply-to-x']);
    const found = (await get('/api/help/articles/?q=100%20HANDLES')).json<HelpArticleList>().results;
    expect(found.map((a) => a.id)).toEqual(['apply-to-x', 'applying-audiences']);
    expect(found[1]?.matches).toEqual(['Only 100 handles were applied']);
    // Japanese, with full-width digits folded.
    const ja = (
      await get(`/api/help/articles/?language=ja&q=${encodeURIComponent('１００')}`)
    ).json<HelpArticleList>();
    expect(ja.results.map((a) => a.title)).toContain('オーディエンスを適用できない');
    expect((await get('/api/help/articles/?q=zzzz')).json<HelpArticleList>().results).toEqual([]);
  });

  it('answers one article, 404 for an unknown one and 400 for an unknown language', async () => {
    const res = await get('/api/help/articles/user-manual/?language=ja');
    const manual = res.json<HelpArticle>();
    expect(manual.title).toBe('ユーザーマニュアル');
    expect(manual.sections.map((s) => s.id)).toContain('activity');
    const missing = await get('/api/help/articles/nope/');
    expect([missing.statusCode, missing.json()]).toEqual([404, { detail: 'No such help article.' }]);
    expect((await get('/api/help/articles/?language=fr')).statusCode).toBe(400);
  });
});

describe('helper documents (SPEC §7: list, download by id or name → url)', () => {
  it('lists the documents and gives the url of one by id or name; the url is a PDF', async () => {
    const docs = (await get('/api/helper-documents/?language=ja')).json<HelperDocument[]>();
    expect(docs.map((d) => [d.id, d.name, d.title])).toEqual([
      [1, 'user-manual', 'ユーザーマニュアル'],
      [2, 'guides', 'ガイド'],
      [3, 'help', 'ヘルプ'],
    ]);
    const byName = (await get('/api/helper-documents/download/?name=guides&language=ja')).json<{
      url: string;
    }>();
    const byId = (await get('/api/helper-documents/download/?id=2&language=ja')).json<{ url: string }>();
    expect(byName).toEqual(byId);
    const file = await get(byName.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="guides-ja.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('says what is wrong: nothing named (400), no such document or id and name disagreeing (404)', async () => {
    const none = await get('/api/helper-documents/download/');
    expect([none.statusCode, none.json()]).toEqual([
      400,
      { id: ['Give the id or the name of a helper document.'] },
    ]);
    for (const query of ['id=99', 'name=nope', 'id=1&name=guides']) {
      const res = await get(`/api/helper-documents/download/?${query}`);
      expect([res.statusCode, res.json()], query).toEqual([404, { detail: 'No such helper document.' }]);
    }
    expect((await get('/api/helper-documents/99/file/')).statusCode).toBe(404);
  });
});
