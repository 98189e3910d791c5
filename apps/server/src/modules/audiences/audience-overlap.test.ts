import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetingPackageInput } from '@murmur/core/targeting';
import type { AudienceConfig, AudiencePlan, Job, OverlapResult } from '@murmur/core/api';
import { cutReachPlan } from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { pairIndex, planReach, topCombinations, type AudienceEngine } from '@murmur/engine';
import { createInProcessQueue } from '../../jobs/in-process-queue';
import { createTestClock } from '../../test/test-clock';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';

let t: TestApp;
let engine: AudienceEngine;
let alice: TestSession;
let bob: TestSession;
const kit = teamKit(() => t);
const PACKAGES: TargetingPackageInput[] = [
  { languages: [{ label: 'English' }] },
  { interests: [{ label: 'Sports/Soccer' }] },
  { languages: [{ label: 'Japanese' }] },
  { gender: ['female'] },
];
let configs: AudienceConfig[];
let bobsConfig: AudienceConfig;

beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({}, { engine: network.holder, jobs: createInProcessQueue(createTestClock()) });
  alice = await t.signIn('overlap-alice@example.com');
  bob = await t.signIn('overlap-bob@example.com');
  configs = [];
  for (const [i, p] of PACKAGES.slice(0, 3).entries()) {
    configs.push(await kit.createConfig(alice, { name: `Audience ${i}`, targeting_package: p }));
  }
  bobsConfig = await kit.createConfig(bob, { name: 'Bob only', targeting_package: PACKAGES[0]! });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown, who: TestSession = alice) =>
  t.app.inject({
    method,
    url,
    headers: who.tokenAuth,
    ...(payload !== undefined && { payload: payload as object }),
  });

async function overlap(audiences: object[]): Promise<OverlapResult> {
  const res = await send('POST', '/api/audience-configs/overlap/?wait=1', { audiences });
  expect(res.statusCode, res.body).toBe(200);
  const job = res.json<{ job: Job }>().job;
  expect(job).toMatchObject({ kind: 'overlap', state: 'done' });
  return job.result as OverlapResult;
}

describe('POST /api/audience-configs/overlap/', () => {
  it("gives the engine's exact counts as estimates with intervals, for saved audiences and a package", async () => {
    const result = await overlap([
      ...configs.map((c) => ({ audience_config_id: c.id })),
      { targeting_package: PACKAGES[3] },
    ]);
    const sets = PACKAGES.map((p) => engine.evaluate(pkg(p)));
    const counts = engine.overlapMany(sets);
    const figure = (n: number) =>
      populationEstimate(n, { sampleSize: engine.stats.accounts, rate: engine.scale });
    expect(counts.union).toBeGreaterThan(0);
    expect(result.audiences).toEqual([
      ...configs.map((c, i) => ({
        audience_config_id: c.id,
        name: c.name,
        size: figure(counts.sizes[i]!),
        unique: figure(counts.unique[i]!),
        unique_share: counts.unique[i]! / counts.sizes[i]!,
      })),
      {
        audience_config_id: null,
        name: null,
        size: figure(counts.sizes[3]!),
        unique: figure(counts.unique[3]!),
        unique_share: counts.unique[3]! / counts.sizes[3]!,
      },
    ]);
    expect(result.pairs).toHaveLength(6);
    const english = engine.overlap(sets[0]!, sets[3]!);
    expect(result.pairs[pairIndex(4, 0, 3)]).toEqual({
      a: 0,
      b: 3,
      overlap: figure(english),
      jaccard: english / (counts.sizes[0]! + counts.sizes[3]! - english),
    });
    expect(result.union).toEqual(figure(counts.union));
    expect(result.combinations_total).toBe(counts.signatures.length);
    expect(result.combinations).toEqual(
      topCombinations(counts, 30).map((c) => ({ audiences: c.sets, count: figure(c.count) })),
    );
    expect(result.reach_plan).toEqual(
      planReach(counts).map((s) => ({
        audience: s.set,
        incremental: figure(s.incremental),
        cumulative: figure(s.cumulative),
      })),
    );
    expect(result.reach_plan.at(-1)!.cumulative).toEqual(figure(counts.union));
    // Within a chosen total: two audiences at most, or as few as reach the first step's people.
    expect(cutReachPlan(result.reach_plan, { max_audiences: 2, target_reach: null })).toHaveLength(2);
    const first = result.reach_plan[0]!.cumulative.value;
    expect(cutReachPlan(result.reach_plan, { max_audiences: null, target_reach: first })).toHaveLength(1);
  });

  it("refuses 1 or 51 audiences, unknown ids and other users' audiences with a 4xx naming none of them", async () => {
    const one = await send('POST', '/api/audience-configs/overlap/', {
      audiences: [{ audience_config_id: configs[0]!.id }],
    });
    expect([one.statusCode, one.json()]).toEqual([400, { audiences: ['Choose at least 2 audiences.'] }]);
    const many = Array.from({ length: 51 }, () => ({ targeting_package: PACKAGES[0] }));
    const tooMany = await send('POST', '/api/audience-configs/overlap/', { audiences: many });
    expect([tooMany.statusCode, tooMany.json()]).toEqual([
      400,
      { audiences: ['Choose at most 50 audiences.'] },
    ]);
    for (const id of [bobsConfig.id, 999_999]) {
      const res = await send('POST', '/api/audience-configs/overlap/', {
        audiences: [{ audience_config_id: configs[0]!.id }, { audience_config_id: id }],
      });
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Not found.' }]);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/overlap/',
      payload: { audiences: [{ targeting_package: PACKAGES[0] }, { targeting_package: PACKAGES[1] }] },
    });
    expect(anonymous.statusCode).toBeGreaterThanOrEqual(400);
    expect(anonymous.statusCode).toBeLessThan(500);
  });

  it('takes 50 audiences', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ targeting_package: PACKAGES[i % 4] }));
    const result = await overlap(fifty);
    expect(result.audiences).toHaveLength(50);
    expect(result.pairs).toHaveLength(1225);
    // Identical packages: the four distinct audiences' members are in 12 or 13 of them at once.
    expect(result.audiences.every((a) => a.unique.sample === 0)).toBe(true);
  });
});

describe('saving a reach plan', () => {
  it('keeps the steps in order with their limits; audiences the user may not read are refused', async () => {
    const ids = [configs[1]!.id, configs[0]!.id];
    const created = await send('POST', '/api/audience-plan/', {
      name: 'Reach plan',
      audience_config_ids: ids,
      reach: { max_audiences: 2, target_reach: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<AudiencePlan>();
    expect(plan).toMatchObject({ audience_config_ids: ids, reach: { max_audiences: 2, target_reach: null } });
    const read = await send('GET', `/api/audience-plan/${plan.id}/`);
    expect(read.json<AudiencePlan>().reach).toEqual({ max_audiences: 2, target_reach: null });
    const plain = await send('POST', '/api/audience-plan/', { name: 'Plain', audience_config_ids: ids });
    expect(plain.json<AudiencePlan>().reach).toBeNull();
    const foreign = await send('POST', '/api/audience-plan/', {
      name: 'Foreign',
      audience_config_ids: [bobsConfig.id],
      reach: { max_audiences: 1, target_reach: null },
    });
    expect(foreign.statusCode).toBe(400);
    const push = await send(
      'POST',
      `/api/audience-plan/${plan.id}/push/`,
      { team: 'x', account_id: 'y', mode: 'union' },
      bob,
    );
    expect([push.statusCode, push.json()]).toEqual([404, { detail: 'Not found.' }]);
  });
});
