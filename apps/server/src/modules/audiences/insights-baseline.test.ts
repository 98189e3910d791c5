import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, InsightsBaselineUsed, InsightsByConfig, Job } from '@murmur/core/api';
import type { Share } from '@murmur/core/insights';
import { populationEstimate } from '@murmur/core/sampling';
import type { AudienceEngine } from '@murmur/engine';
import { createInProcessQueue } from '../../jobs/in-process-queue';
import type { AudiencePointRow, UserRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import type { JobQueue, JobView } from '../../jobs/jobs';
import { heldQueue } from '../../test/held-queue';
import { createTestClock } from '../../test/test-clock';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import type { AudienceConfigsRepository } from './audience-configs.repository';
import type { AudienceConfigsService } from './audience-configs.service';
import { createAudienceInsightsService } from './audience-insights.service';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';

let t: TestApp;
let engine: AudienceEngine;
let alice: TestSession;
let bob: TestSession;
const kit = teamKit(() => t);
const soccer = { interests: [{ label: 'Sports/Soccer' }] };
const english = { languages: [{ label: 'English' }] };
const japan = { countries: [{ label: 'Japan', id: 'JP' }] };

const jobs = heldQueue(createInProcessQueue(createTestClock()));

beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({}, { engine: network.holder, jobs: jobs.queue });
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
});
afterAll(() => t.close());

const post = (payload: object, who: TestSession = alice, wait = true) =>
  t.app.inject({
    method: 'POST',
    url: `/api/audience-configs/insights/${wait ? '?wait=1' : ''}`,
    payload,
    headers: who.tokenAuth,
  });

type Report = { baseline: InsightsBaselineUsed; demographics: { countries: Share[] } };
const reportOf = (res: { json: <T>() => T }) => res.json<{ job: Job }>().job.result as Report;
async function finished(id: string): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const job = (await t.app.inject({ url: `/api/jobs/${id}/` })).json<Job>();
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`job ${id} did not finish`);
}

const sizeOf = (count: number) =>
  populationEstimate(count, { sampleSize: engine.stats.accounts, rate: engine.scale });

describe('insights against a baseline', () => {
  it('defaults to the whole network and says so', async () => {
    const res = await post({ targeting_package: soccer });
    expect(res.statusCode).toBe(200);
    expect(reportOf(res).baseline).toEqual({
      kind: 'network',
      label: 'Whole network',
      size: sizeOf(engine.stats.accounts),
    });
  });

  it('a country: the engine’s numbers against its accounts, its label and size', async () => {
    const res = await post({ targeting_package: soccer, baseline: { kind: 'country', country: 'jp' } });
    expect(res.statusCode, res.body).toBe(200);
    const report = reportOf(res);
    const base = engine.evaluate(pkg(japan)).accounts;
    expect(report.baseline).toEqual({ kind: 'country', label: 'Japan', ref: 'JP', size: sizeOf(base.count) });
    const direct = engine.insights(engine.evaluate(pkg(soccer)), undefined, base);
    expect(report.demographics.countries).toEqual(JSON.parse(JSON.stringify(direct.demographics.countries)));
    const jp = report.demographics.countries.find((s) => s.key === 'JP');
    expect(jp?.populationShare).toBe(1);
  });

  it('refuses a malformed or unknown country code with a 400 on the field', async () => {
    for (const country of ['J', 'ZZ', '12']) {
      const res = await post({ targeting_package: soccer, baseline: { kind: 'country', country } });
      expect([res.statusCode, Object.keys(res.json<object>())]).toEqual([400, ['baseline']]);
    }
  });

  it('a saved audience the caller may read; 404 for anyone else’s, as reading it would be', async () => {
    const mine = await kit.createConfig(alice, { name: 'English speakers', targeting_package: english });
    const theirs = await kit.createConfig(bob, { name: 'Bob’s', targeting_package: english });
    const res = await post({
      targeting_package: soccer,
      baseline: { kind: 'audience', audience_config_id: mine.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const base = engine.evaluate(pkg(english)).accounts;
    expect(reportOf(res).baseline).toEqual({
      kind: 'audience',
      label: 'English speakers',
      ref: mine.id,
      size: sizeOf(base.count),
    });
    for (const id of [theirs.id, 999_999]) {
      const refused = await post({
        targeting_package: soccer,
        baseline: { kind: 'audience', audience_config_id: id },
      });
      expect([refused.statusCode, refused.json()]).toEqual([404, { detail: 'Not found.' }]);
    }
  });

  it('keys jobs by baseline, and stores only the whole-network report on the config', async () => {
    const config: AudienceConfig = await kit.createConfig(alice, {
      name: 'Soccer',
      targeting_package: soccer,
    });
    jobs.hold();
    const ids = [];
    for (const baseline of [
      undefined,
      { kind: 'country', country: 'JP' },
      { kind: 'country', country: 'JP' },
    ]) {
      const res = await post({ audience_config_id: config.id, ...(baseline && { baseline }) }, alice, false);
      ids.push(res.json<{ job: Job }>().job.id);
    }
    jobs.release();
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe(ids[1]);
    const byConfig = async (id: number) =>
      (
        await t.app.inject({
          url: `/api/audience-insights/${id}/by_config/`,
          headers: alice.tokenAuth,
        })
      ).json<InsightsByConfig>();
    // A report against Japan is not stored: the saved audience's report stays the network's.
    const fresh = await kit.createConfig(alice, { name: 'Soccer again', targeting_package: soccer });
    await post({ audience_config_id: fresh.id, baseline: { kind: 'country', country: 'JP' } });
    expect((await byConfig(fresh.id)).insights).toBeNull();
    await finished(ids[0]!);
    expect((await byConfig(config.id)).insights?.baseline?.kind).toBe('network');
  });
});

describe('a sharded engine', () => {
  it('starts a country or earlier-point baseline (counted by the shards), refusing an earlier point of another audience', async () => {
    const started: string[] = [];
    const sharded = {
      audiences: () => ({ kind: 'shards', insights: () => Promise.resolve({}) }),
      work: () => {
        throw new Error('a sharded engine has no worker pool here');
      },
    } as unknown as EngineHolder;
    const service = createAudienceInsightsService({
      repo: {} as AudienceConfigsRepository,
      configs: {
        exclusionPackages: () => Promise.resolve([]),
        readable: () =>
          Promise.resolve({
            config: { id: 7, name: 'Saved', targetingPackage: pkg(soccer), exclusions: [], teamId: null },
          }),
      } as unknown as AudienceConfigsService,
      engine: sharded,
      history: {
        points: { atOrBefore: (_id, day) => Promise.resolve({ day } as AudiencePointRow) },
        membership: { membersOn: () => Promise.resolve({ ids: ['1', '2'] }) },
      },
      jobs: {
        start: (request) => {
          started.push(request.key);
          return Promise.resolve({} as JobView);
        },
      } as JobQueue,
      clock: createTestClock(),
    });
    const body = { targeting_package: pkg(soccer), exclusions: [] };
    const caller = { ip: '127.0.0.1' };
    const user: UserRow = {
      id: alice.user.id,
      language: 'en',
      email: alice.user.email,
      firstName: '',
      lastName: '',
      dateJoined: new Date(0),
      lastLogin: null,
    };
    await service.startInsights(user, { ...body, baseline: { kind: 'country', country: 'JP' } }, caller);
    const earlier = { kind: 'earlier' as const, audience_config_id: 7, day: '2026-01-02' };
    await service.startInsights(user, { audience_config_id: 7, exclusions: [], baseline: earlier }, caller);
    await expect(service.startInsights(user, { ...body, baseline: earlier }, caller)).rejects.toMatchObject({
      statusCode: 400,
      fields: { baseline: [expect.stringContaining('earlier point') as string] },
    });
    await service.startInsights(user, body, caller);
    // Three jobs, each keyed by its baseline.
    expect(new Set(started).size).toBe(3);
  });
});
