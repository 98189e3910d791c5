import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { createSharedEngine, toSharedAccountSet, type SharedEngine } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { createEnginePool, inProcessWork, type EngineWork } from './engine-work';

const pkg = (input: object) => targetingPackageSchema.parse(input);
const PACKAGES = [
  pkg({ languages: [{ label: 'English' }] }),
  pkg({ gender: ['FEMALE'] }),
  pkg({ languages: [{ label: 'Japanese' }] }),
  pkg({ gender: ['MALE'], age: ['AGE_25_TO_49'] }),
];
/** Timings aside (panels report how long they took), results must be identical. */
const withoutTimings = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'ms' ? undefined : v)));

describe('engine work in worker threads', () => {
  let shared: SharedEngine;
  let pool: EngineWork;
  let local: EngineWork;

  beforeAll(async () => {
    shared = await createSharedEngine(exportChunks(generateNetwork({ accounts: 2500, seed: 'pool' })));
    pool = createEnginePool(shared, { threads: 2 });
    local = inProcessWork(shared.engine);
  });
  afterAll(async () => {
    await pool.close();
  });

  it('runs tasks in other threads, with the same results as on this thread', async () => {
    const { threadId: workerThread } = await pool.run('thread', null);
    expect(workerThread).not.toBe(threadId);
    expect(await local.run('thread', null)).toEqual({ threadId });

    const input = { pkg: PACKAGES[0]!, exclusions: [PACKAGES[1]!] };
    const [inWorker, here] = await Promise.all([pool.run('insights', input), local.run('insights', input)]);
    expect(inWorker.estimate.sampleCount).toBeGreaterThan(0);
    expect(withoutTimings(inWorker)).toEqual(withoutTimings(here));

    const pair = { a: { pkg: PACKAGES[0]! }, b: { pkg: PACKAGES[2]! } };
    expect(withoutTimings(await pool.run('compare', pair))).toEqual(
      withoutTimings(await local.run('compare', pair)),
    );
    const some = { audience: { pkg: PACKAGES[3]! }, names: ['demographics' as const, 'interests' as const] };
    expect(withoutTimings(await pool.run('panels', some))).toEqual(
      withoutTimings(await local.run('panels', some)),
    );
    const members = toSharedAccountSet(shared.engine.evaluate(PACKAGES[2]!).accounts);
    const ofSet = { audience: { members }, names: ['interests' as const, 'influentialAccounts' as const] };
    expect(withoutTimings(await pool.run('panels', ofSet))).toEqual(
      withoutTimings(await local.run('panels', ofSet)),
    );
    const network = await pool.run('networkCommunities', null);
    expect(network.communities.length).toBeGreaterThan(0);
    expect(withoutTimings(network)).toEqual(withoutTimings(await local.run('networkCommunities', null)));
    const handles = shared.engine.describeAccounts([0, 1, 2]).map((a) => a.handle);
    expect(await pool.run('competitors', { handles })).toEqual(await local.run('competitors', { handles }));
  });

  it('keeps this thread free while heavy tasks run: a timer and an estimate answer first', async () => {
    const settled: number[] = [];
    const runs = Array.from({ length: 12 }, (_, i) =>
      pool.run('insights', { pkg: PACKAGES[i % PACKAGES.length]! }).then(() => settled.push(i)),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    const estimate = shared.engine.estimate(PACKAGES[1]!);
    expect(estimate.sampleCount).toBeGreaterThan(0);
    // Twelve reports on two threads cannot all be done by the time one timer fired.
    expect(settled.length).toBeLessThan(12);
    await Promise.all(runs);
    expect(settled).toHaveLength(12);
  });

  it('reports progress from the worker and sees custom audiences registered on the main engine', async () => {
    const stages: string[] = [];
    await pool.run('insights', { pkg: PACKAGES[0]! }, { report: (_p, stage) => stages.push(stage) });
    expect(stages).toContain('Finding the audience');

    const members = shared.engine.evaluate(PACKAGES[2]!).accounts.toArray().slice(0, 40);
    shared.engine.registerCustomAudience('Pool test', members);
    const custom = { pkg: pkg({ custom_audiences: [{ name: 'Pool test' }] }) };
    const result = await pool.run('insights', custom);
    expect(result.estimate.sampleCount).toBe(members.length);
  });

  it('cancels through an AbortSignal', async () => {
    const controller = new AbortController();
    const runs = Array.from({ length: 4 }, () =>
      pool.run('insights', { pkg: PACKAGES[0]! }, { signal: controller.signal }),
    );
    controller.abort();
    for (const run of runs) await expect(run).rejects.toThrow(/abort/i);
    // The pool still works afterwards (a stopped thread is replaced).
    expect((await pool.run('insights', { pkg: PACKAGES[1]! })).estimate.sampleCount).toBeGreaterThan(0);
  });
});
