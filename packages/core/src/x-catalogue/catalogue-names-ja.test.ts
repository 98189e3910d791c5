import { describe, expect, it } from 'vitest';
import { catalogueName, japaneseCatalogueName, knownCatalogueCodeName } from '@murmur/core/targeting';
import { CONVERSATION_TOPICS } from './conversation-topics';
import { JOB_CATEGORIES, JOB_TITLES } from './job-titles';
import { MOVIES_TV_SHOWS } from './movies-tv';

// A new catalogue entry without a Japanese name in @murmur/core/targeting (catalogue-names.ts) fails here.
describe("the catalogues' Japanese names (@murmur/core/targeting catalogueName)", () => {
  it('name every conversation topic in Japanese, each differently', () => {
    const missing = CONVERSATION_TOPICS.filter(
      (t) => japaneseCatalogueName('conversations', t.name) === undefined,
    );
    expect(missing.map((t) => t.name)).toEqual([]);
    const ja = CONVERSATION_TOPICS.map((t) => catalogueName('conversations', t.name, 'ja'));
    expect(new Set(ja).size).toBe(CONVERSATION_TOPICS.length);
  });

  it('name every movie and TV show in Japanese, each differently; Japanese titles keep their own', () => {
    const missing = MOVIES_TV_SHOWS.filter(
      (m) => japaneseCatalogueName('movies_and_tv_shows', m.name) === undefined,
    );
    expect(missing.map((m) => m.name)).toEqual([]);
    const ja = MOVIES_TV_SHOWS.map((m) => catalogueName('movies_and_tv_shows', m.name, 'ja'));
    expect(new Set(ja).size).toBe(MOVIES_TV_SHOWS.length);
    for (const m of MOVIES_TV_SHOWS.filter((m) => m.language === 'ja'))
      expect(catalogueName('movies_and_tv_shows', m.name, 'ja')).toBe(m.name);
  });

  it("name every job title as the catalogue's own Japanese wording, and every job category", () => {
    for (const title of JOB_TITLES)
      expect(japaneseCatalogueName('job_titles', title.key)).toBe(title.text.ja);
    const missing = JOB_CATEGORIES.filter(
      (c) => japaneseCatalogueName('job_categories', c.name) === undefined,
    );
    expect(missing.map((c) => c.name)).toEqual([]);
    const ja = JOB_CATEGORIES.map((c) => catalogueName('job_categories', c.name, 'ja'));
    expect(new Set(ja).size).toBe(JOB_CATEGORIES.length);
  });

  it('name every topic type and movie/TV genre the catalogues use, in English and Japanese', () => {
    const codes = [
      ...new Set(CONVERSATION_TOPICS.map((t) => `conversation_types:${t.conversationType}`)),
      ...new Set(MOVIES_TV_SHOWS.map((m) => `movie_genres:${m.genre}`)),
    ];
    const unnamed = codes.filter((entry) => {
      const [kind, code] = entry.split(':') as ['conversation_types' | 'movie_genres', string];
      return (['en', 'ja'] as const).some((l) => knownCatalogueCodeName(kind, code, l) === undefined);
    });
    expect(unnamed).toEqual([]);
    for (const [kind, list] of [
      ['conversation_types', CONVERSATION_TOPICS.map((t) => t.conversationType)],
      ['movie_genres', MOVIES_TV_SHOWS.map((m) => m.genre)],
    ] as const) {
      const distinct = [...new Set(list)];
      for (const language of ['en', 'ja'] as const) {
        const names = distinct.map((code) => knownCatalogueCodeName(kind, code, language));
        expect(new Set(names).size).toBe(distinct.length);
      }
    }
  });
});
