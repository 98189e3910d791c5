import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, Estimate, InsightsByConfig, Job } from '@murmur/core/api';
import { populationEstimate, type EstimateFigure } from '@murmur/core/sampling';
import { EMPTY_TARGETING_MESSAGE } from '@murmur/core/targeting';
import type { AudienceEngine } from '@murmur/engine';
import { createInProcessQueue } from '../../jobs/in-process-queue';
import { heldQueue } from '../../test/held-queue';
import { anyString } from '../../test/matchers';
import { createTestClock } from '../../test/test-clock';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';

let t: TestApp;
let engine: AudienceEngine;
let alice: TestSession;
const kit = teamKit(() => t);
const english = { languages: [{ label: 'English' }] };
const soccer = { interests: [{ label: 'Sports/Soccer' }] };

const jobs = heldQueue(createInProcessQueue(createTestClock()));

beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({}, { engine: network.holder, jobs: jobs.queue });
  alice = await t.signIn('alice@example.com');
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, who: TestSession | null = alice) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, ...(who && { headers: who.tokenAuth }) });

async function finished(id: string): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const job = (await t.app.inject({ url: `/api/jobs/${id}/` })).json<Job>();
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} did not finish`);
}

const estimateOf = (body: object, exclusions: object[] = []): Estimate => {
  const e = engine.estimate(pkg(body), { exclusions: exclusions.map(pkg) });
  return {
    sample_count: e.sampleCount,
    population_estimate: e.populationEstimate,
    size_bucket: e.sizeBucket,
    unmatched: [...e.unmatched],
    handles_truncated: e.handlesTruncated,
    figure: populationEstimate(e.sampleCount, {
      sampleSize: engine.stats.accounts,
      rate: e.sampleCount > 0 ? e.populationEstimate / e.sampleCount : engine.scale,
    }),
  };
};

describe('engine status and jobs', () => {
  it('reports a ready engine publicly', async () => {
    const res = await t.app.inject({ url: '/api/engine/status/' });
    expect(res.json()).toEqual({
      state: 'ready',
      progress: 100,
      accounts: 3000,
      message: null,
      freshness: { state: 'static', behindMs: null },
      partitions: [],
      // A single engine: the position is the API process's own, no shard to list.
      positionOf: 'api',
      shards: [],
    });
  });

  it('answers 404 for a job id it never gave out', async () => {
    const res = await t.app.inject({ url: '/api/jobs/not-a-real-job-id/' });
    expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Not found.' }]);
  });

  it('without an engine: the status says so and engine routes answer 503', async () => {
    const bare = await createTestApp();
    try {
      const status = (await bare.app.inject({ url: '/api/engine/status/' })).json<{ state: string }>();
      expect(status).toMatchObject({
        state: 'failed',
        progress: 0,
        accounts: null,
        message: anyString,
      });
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/build-audience/',
        payload: { targeting_package: soccer },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ detail: string }>().detail).toMatch(/snapshot/);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/build-audience/', () => {
  it('answers the engine’s estimate, signed out too', async () => {
    const body = { ...english, ...soccer, handles: [{ handle: 'no_such_handle_here' }] };
    const res = await post('/api/build-audience/', { targeting_package: body }, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(estimateOf(body));
    expect(res.json<Estimate>().unmatched).toEqual([{ criterion: 'handles', label: 'no_such_handle_here' }]);
  });

  it('refuses an empty package with the SPEC §5 message, and bad bodies by field', async () => {
    const empty = await post('/api/build-audience/', { targeting_package: { hashtags: [] } });
    expect([empty.statusCode, empty.json()]).toEqual([400, { non_field_errors: [EMPTY_TARGETING_MESSAGE] }]);
    const missing = await post('/api/build-audience/', {});
    expect(missing.json()).toEqual({ targeting_package: ['This field is required.'] });
    const bad = await post('/api/build-audience/', { targeting_package: { keywords: [{}] } });
    expect(Object.keys(bad.json<object>())).toEqual(['targeting_package']);
    const notIds = await post('/api/build-audience/', { targeting_package: soccer, exclusions: [0] });
    expect(Object.keys(notIds.json<object>())).toEqual(['exclusions']);
  });
});

describe('POST /api/audience-configs/autocomplete/', () => {
  const complete = async (field: string, q: string, limit?: number) => {
    const res = await post(
      '/api/audience-configs/autocomplete/',
      { field, q, ...(limit && { limit }) },
      null,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      results: {
        value: string;
        label: string;
        detail: string | null;
        size: number;
        size_figure: EstimateFigure;
      }[];
    }>().results;
  };

  it('suggests handles by prefix, most followed first, with the name as detail', async () => {
    const results = await complete('handles', 'a', 5);
    expect(results).toHaveLength(5);
    for (const r of results) {
      expect(`${r.value} ${r.detail ?? ''}`.toLowerCase()).toMatch(/(^a)|( a)/);
      expect(r.label).toBe(`@${r.value}`);
      // The size is the audience the handle gives: its followers, as build-audience counts them.
      expect(r.size).toBe(estimateOf({ handles: [{ handle: r.value }] }).population_estimate);
      // Its figure is the one the size panel shows for that audience: the same value and interval.
      expect(r.size_figure).toEqual(estimateOf({ handles: [{ handle: r.value }] }).figure);
    }
    const followers = results.map(
      (r) => engine.describeAccounts([engine.findAccount(r.value)!])[0]!.followers,
    );
    expect(followers).toEqual([...followers].sort((x, y) => y - x));
  });

  it('suggests keywords and hashtags by indexed prefix, catalogue items by label', async () => {
    const keywords = await complete('keywords', 'thr');
    expect(keywords.length).toBeGreaterThan(0);
    for (const k of keywords) {
      expect(k.value.startsWith('thr')).toBe(true);
      expect(k.size).toBe(estimateOf({ keywords: [{ label: k.value }] }).population_estimate);
      expect(k.size_figure).toEqual(estimateOf({ keywords: [{ label: k.value }] }).figure);
    }
    const hashtags = await complete('hashtags', '#k');
    expect(hashtags[0]).toMatchObject({ value: 'kpop', label: '#kpop' });
    const interests = await complete('interests', 'socc');
    expect(interests[0]).toMatchObject({ label: 'Sports/Soccer', value: '22001' });
    expect(interests[0]!.size).toBe(estimateOf(soccer).population_estimate);
    expect(interests[0]!.size_figure).toEqual(estimateOf(soccer).figure);
    const languages = await complete('languages', 'jap');
    expect(languages).toEqual([
      {
        value: 'ja',
        label: 'Japanese',
        detail: null,
        size: expect.any(Number) as number,
        size_figure: estimateOf({ languages: [{ label: 'ja' }] }).figure,
      },
    ]);
    const locations = await complete('locations', 'japan', 1);
    expect(locations[0]).toMatchObject({ label: 'Japan', detail: 'country' });
    expect(await complete('handles', 'zzzzzzzz')).toEqual([]);
  });

  it('refuses an unknown field or a limit over 50', async () => {
    expect((await post('/api/audience-configs/autocomplete/', { field: 'colours', q: 'a' })).statusCode).toBe(
      400,
    );
    const res = await post('/api/audience-configs/autocomplete/', { field: 'handles', q: 'a', limit: 51 });
    expect(Object.keys(res.json<object>())).toEqual(['limit']);
  });
});

describe('insights jobs', () => {
  let config: AudienceConfig;
  beforeAll(async () => {
    config = await kit.createConfig(alice, { name: 'Soccer', targeting_package: soccer });
  });

  it('has nothing stored before the first report', async () => {
    expect(
      (await t.app.inject({ url: `/api/audience-insight/${config.id}/`, headers: alice.tokenAuth }))
        .statusCode,
    ).toBe(404);
    const byConfig = await t.app.inject({
      url: `/api/audience-insights/${config.id}/by_config/`,
      headers: alice.tokenAuth,
    });
    expect(byConfig.json()).toEqual({ audience_config: config, insights: null, computed: null });
  });

  it('joins identical requests into one job, reports progress, and stores the result', async () => {
    jobs.hold();
    const first = await post('/api/audience-configs/insights/', { audience_config_id: config.id });
    const second = await post('/api/audience-configs/insights/', { audience_config_id: config.id });
    const other = await post('/api/audience-configs/insights/', { targeting_package: soccer });
    expect(first.statusCode).toBe(202);
    const job = first.json<{ job: Job }>().job;
    expect(job).toMatchObject({ kind: 'insights', state: expect.stringMatching(/queued|running/) as string });
    expect(second.json<{ job: Job }>().job.id).toBe(job.id);
    expect(other.json<{ job: Job }>().job.id).not.toBe(job.id);
    jobs.release();

    const done = await finished(job.id);
    expect(done).toMatchObject({ state: 'done', progress: 100, stage: 'Done', error: null });
    const result = done.result as Record<string, unknown> & { estimate: Estimate };
    expect(result.estimate).toEqual(estimateOf(soccer));
    const direct = engine.insights(engine.evaluate(pkg(soccer)));
    expect(result.summary).toEqual(JSON.parse(JSON.stringify(direct.summary)));
    for (const panel of ['demographics', 'interests', 'communities', 'influentialAccounts', 'contentWall'])
      expect(result).toHaveProperty(panel);

    const stored = await t.app.inject({
      url: `/api/audience-insight/${config.id}/`,
      headers: alice.tokenAuth,
    });
    expect(stored.json()).toEqual(result);
    const byConfig = (
      await t.app.inject({ url: `/api/audience-insights/${config.id}/by_config/`, headers: alice.tokenAuth })
    ).json<InsightsByConfig>();
    expect(byConfig.audience_config.has_insights).toBe(true);
    expect(byConfig.insights).toEqual(result);
    expect(byConfig.computed).toEqual(expect.any(String));
    const got = await t.app.inject({ url: `/api/audience-configs/${config.id}/`, headers: alice.tokenAuth });
    expect(got.json<AudienceConfig>().has_insights).toBe(true);
    // A package-only report is not stored anywhere.
    expect((await finished(other.json<{ job: Job }>().job.id)).state).toBe('done');
  });

  it('SPEC §3 is_super_insights: a targeting list gets it with its stored report, and loses it when its package changes', async () => {
    const get = async (id: number) =>
      (
        await t.app.inject({ url: `/api/audience-configs/${id}/`, headers: alice.tokenAuth })
      ).json<AudienceConfig>();
    const list = await kit.createConfig(alice, {
      name: 'Soccer list',
      kind: 'targeting_list',
      targeting_package: soccer,
    });
    expect(list.is_super_insights).toBe(false);
    const run = async (id: number) =>
      (await post('/api/audience-configs/insights/?wait=1', { audience_config_id: id })).json<{ job: Job }>()
        .job;
    expect((await run(list.id)).state).toBe('done');
    expect(await get(list.id)).toMatchObject({ has_insights: true, is_super_insights: true });
    // Renaming keeps it; the report still describes the package.
    const rename = { name: 'Soccer fans', kind: 'targeting_list', targeting_package: soccer };
    await t.app.inject({
      method: 'PUT',
      url: `/api/audience-configs/${list.id}/`,
      payload: rename,
      headers: alice.tokenAuth,
    });
    expect((await get(list.id)).is_super_insights).toBe(true);
    // A changed package makes the stored report stale: no longer super insights until it runs again.
    const changed = { ...rename, targeting_package: { ...soccer, ...english } };
    await t.app.inject({
      method: 'PUT',
      url: `/api/audience-configs/${list.id}/`,
      payload: changed,
      headers: alice.tokenAuth,
    });
    expect(await get(list.id)).toMatchObject({ has_insights: true, is_super_insights: false });
    expect((await run(list.id)).state).toBe('done');
    expect((await get(list.id)).is_super_insights).toBe(true);
    // Other kinds never are: a builder audience with a stored report is not a targeting list.
    expect(await get(config.id)).toMatchObject({ has_insights: true, is_super_insights: false });
  });

  it('?wait=1 answers 200 with the finished job; exclusions are applied', async () => {
    const excluded = await kit.createConfig(alice, { name: 'Excluded', targeting_package: english });
    const res = await post('/api/audience-configs/insights/?wait=1', {
      targeting_package: soccer,
      exclusions: [excluded.id],
    });
    expect(res.statusCode).toBe(200);
    const job = res.json<{ job: Job }>().job;
    expect(job.state).toBe('done');
    expect((job.result as { estimate: Estimate }).estimate).toEqual(estimateOf(soccer, [english]));
  });

  it('refuses empty packages, both or neither audience, and needs a user', async () => {
    const empty = await post('/api/audience-configs/insights/', { targeting_package: {} });
    expect(empty.json()).toEqual({ non_field_errors: [EMPTY_TARGETING_MESSAGE] });
    for (const body of [{}, { targeting_package: soccer, audience_config_id: config.id }]) {
      const res = await post('/api/audience-configs/insights/', body);
      expect([res.statusCode, Object.keys(res.json<object>())]).toEqual([400, ['non_field_errors']]);
    }
    expect(
      (await post('/api/audience-configs/insights/', { targeting_package: soccer }, null)).statusCode,
    ).toBe(403);
  });

  it('compares two audiences as a perspectives job', async () => {
    const res = await post('/api/audience-configs/perspectives/?wait=1', {
      a: { audience_config_id: config.id },
      b: { targeting_package: english },
    });
    expect(res.statusCode).toBe(200);
    const job = res.json<{ job: Job }>().job;
    const expected = engine.compare(engine.evaluate(pkg(soccer)), engine.evaluate(pkg(english)));
    expect(job).toMatchObject({ kind: 'perspectives', state: 'done' });
    expect(job.result).toMatchObject({
      sizeA: expected.sizeA,
      sizeB: expected.sizeB,
      overlap: expected.overlap,
    });
    const bad = await post('/api/audience-configs/perspectives/', { a: { targeting_package: soccer } });
    expect(Object.keys(bad.json<object>())).toEqual(['b']);
  });
});
