import { describe, expect, it } from 'vitest';
import type { CompetitorAnalysisResult, Estimate, Job } from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { buildEngineInBackground } from '../../engine/engine-holder';
import { useExploreTestApp } from '../../test/explore-test-app';
import { createTestApp } from '../../test/test-app';
import { sentimentOf } from './sentiment/sentiment';

const kit = useExploreTestApp(13);
const { post } = kit;
const followersOf = (handle: string) =>
  kit.engine.evaluate(targetingPackageSchema.parse({ handles: [{ handle }] }));

describe('handle-analysis and description-analysis', () => {
  it('analyses an account: its followers as the engine counts them, hours and hashtags', async () => {
    const res = await post('handle-analysis/', { handle: kit.stars[0]! });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      account: { handle: string };
      followers: Estimate;
      demographics: { basis: { members: number } };
      posting_hours: number[];
      top_hashtags: { tag: string; count: number }[];
    }>();
    expect(body.account.handle).toBe(kit.stars[0]);
    expect(body.followers.sample_count).toBe(followersOf(kit.stars[0]!).sampleCount);
    expect(body.demographics.basis.members).toBe(body.followers.sample_count);
    expect(body.posting_hours).toHaveLength(24);
    const activity = kit.engine.explore.accountActivity(kit.engine.findAccount(kit.stars[0]!)!);
    expect(body.posting_hours).toEqual(activity.postingHours);
    expect(body.top_hashtags).toEqual(activity.hashtags);
    expect((await post('handle-analysis/', { handle: 'nobody_here_12345' })).statusCode).toBe(404);
  });

  it('reads a description: bio words, interests it names, an estimate', async () => {
    const res = await post('description-analysis/', {
      description: 'We sell software for photographers who love travel. ソフトウェア',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ keywords: string[]; interests: { label: string }[]; estimate: Estimate }>();
    expect(body.keywords.length).toBeGreaterThan(0);
    for (const k of body.keywords)
      expect(kit.engine.explore.textMatches([k], 'bio').count).toBeGreaterThan(0);
    expect(body.interests.map((i) => i.label)).toContain('Technology and computing/Software');
    expect(body.estimate.sample_count).toBeGreaterThan(0);
    const nothing = (await post('description-analysis/', { description: 'zzqx qqzx' })).json<{
      estimate: Estimate;
    }>();
    expect(nothing.estimate.sample_count).toBe(0);
    expect((await post('description-analysis/', { description: '' })).statusCode).toBe(400);
  });
});

describe('topic-posts', () => {
  /** A word of the kept posts of authors writing `language`, with at least a few posts. */
  function postWordOf(language: 'en' | 'ja'): string {
    const counts = new Map<string, number>();
    const everyone = kit.engine.explore.everyone();
    const sample = kit.engine.explore.panels(everyone, ['topicAnalysis'], { top: 300 }).topicAnalysis.terms;
    for (const s of sample) {
      const isJa = /[\u3040-\u30ff\u4e00-\u9fff]/.test(s.key);
      if (isJa === (language === 'ja')) counts.set(s.key, s.count);
    }
    for (const [word] of counts) {
      const found = kit.engine.explore.topicPosts([word], everyone, { language, limit: 3 });
      if (found.length >= 3) return word;
    }
    throw new Error(`no ${language} post word with three posts`);
  }

  for (const language of ['en', 'ja'] as const) {
    it(`finds ${language} posts about a keyword with their lexicon sentiment`, async () => {
      const word = postWordOf(language);
      const res = await post('topic-posts/', { keywords: word, language, limit: 5 });
      expect(res.statusCode).toBe(200);
      const body = res.json<{
        posts: {
          text: string;
          author: { language: string };
          sentiment: string;
          score: number;
          created: string;
        }[];
        sentiment: { positive: number; neutral: number; negative: number };
      }>();
      expect(body.posts.length).toBeGreaterThan(0);
      expect(body.posts.length).toBeLessThanOrEqual(5);
      for (const p of body.posts) {
        expect(kit.engine.words(p.text)).toContain(word);
        expect(p.author.language).toBe(language);
        expect(sentimentOf(p.text)).toEqual({ sentiment: p.sentiment, score: p.score });
        expect(Date.parse(p.created)).not.toBeNaN();
      }
      const total = body.sentiment.positive + body.sentiment.neutral + body.sentiment.negative;
      expect(total).toBe(
        kit.engine.explore.topicPosts([word], kit.engine.explore.textMatches([word], 'posts'), {
          language,
          limit: 500,
        }).length,
      );
    });
  }

  it('refuses an unknown language or an over-large limit', async () => {
    expect((await post('topic-posts/', { keywords: 'x', language: 'fr' })).statusCode).toBe(400);
    expect((await post('topic-posts/', { keywords: 'x', limit: 1000 })).statusCode).toBe(400);
  });
});

describe('jobs: generate-insights and competitor-analysis', () => {
  it('generates insights as a job; ?wait=1 answers with the finished job', async () => {
    const targeting_package = { languages: [{ label: 'ja' }] };
    const started = await post('generate-insights/', { targeting_package });
    expect(started.statusCode).toBe(202);
    expect(started.json<{ job: Job }>().job).toMatchObject({ kind: 'generate-insights' });
    const res = await post('generate-insights/?wait=1', { targeting_package });
    expect(res.statusCode).toBe(200);
    const { job } = res.json<{ job: Job }>();
    expect(job.state).toBe('done');
    const result = job.result as {
      estimate: Estimate;
      summary: { sampleCount: number };
      communities: unknown;
    };
    const expected = kit.engine.estimate(targetingPackageSchema.parse(targeting_package));
    expect(result.estimate.sample_count).toBe(expected.sampleCount);
    expect(result.summary.sampleCount).toBe(expected.sampleCount);
    expect(result).toHaveProperty('communities');
    expect((await post('generate-insights/', { targeting_package: {} })).statusCode).toBe(400);
  });

  it('compares competitors side by side with the followers they share', async () => {
    const handles = kit.stars.slice(0, 3);
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/external/competitor-analysis/?wait=1',
      payload: { handles },
    });
    expect(res.statusCode).toBe(200);
    const { job } = res.json<{ job: Job }>();
    const { competitors } = job.result as CompetitorAnalysisResult;
    expect(competitors.map((c) => c.handle)).toEqual(handles);
    for (const c of competitors) {
      const own = followersOf(c.handle);
      expect(c.followers.sample_count).toBe(own.sampleCount);
      for (const other of handles.filter((h) => h !== c.handle)) {
        // Counted here from the member lists, independently of the engine's overlap().
        const theirs = followersOf(other).accounts;
        const shared = own.accounts.toArray().filter((n) => theirs.has(n)).length;
        expect(c.overlap[other]).toBe(Math.round(shared * kit.engine.scale));
        // Named as Murmur's estimate, with the interval of `shared` sampled accounts.
        expect(c.overlap_figures[other]).toEqual(
          populationEstimate(shared, { sampleSize: kit.engine.stats.accounts, rate: kit.engine.scale }),
        );
        expect(c.overlap_figures[other]!.high).toBeGreaterThan(c.overlap_figures[other]!.low);
      }
      expect(c.top_interests.every((i) => i.affinity > 1)).toBe(true);
    }
  });

  it('takes 1–12 known handles', async () => {
    const tooMany = await post('competitor-analysis/', { handles: kit.stars.slice(0, 13) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ handles: ['Enter at most 12 handles.'] });
    expect((await post('competitor-analysis/', { handles: [] })).json()).toEqual({
      handles: ['Enter at least one handle.'],
    });
    const unknown = await post('competitor-analysis/', { handles: [kit.stars[0], 'nobody_here_12345'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ handles: ['Unknown handles: @nobody_here_12345.'] });
  });
});

describe('while the engine loads', () => {
  it('answers 503 with the loading message', async () => {
    const network = generateNetwork({ accounts: 300, seed: 'explore-loading' });
    const chunks = exportChunks(network);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = buildEngineInBackground({
      source: (async function* () {
        await held;
        yield* chunks;
      })(),
    });
    const loading = await createTestApp({}, { engine: holder });
    try {
      for (const [url, payload] of [
        ['followers-of/', { handle: 'someone' }],
        ['topic-posts/', { keywords: 'music' }],
        ['competitor-analysis/', { handles: ['someone'] }],
      ] as const) {
        const res = await loading.app.inject({ method: 'POST', url: `/api/external/${url}`, payload });
        expect(res.statusCode).toBe(503);
        expect(res.json<{ detail: string }>().detail).toMatch(/loading/);
      }
    } finally {
      release();
      await holder.ready();
      await loading.close();
    }
  });
});
