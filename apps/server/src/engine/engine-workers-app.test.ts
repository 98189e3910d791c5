import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@murmur/core/api';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { createSharedEngine, type SharedEngine } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { createTestApp, type TestApp } from '../test/test-app';
import { readyEngine } from './engine-holder';
import { createEnginePool, inProcessWork, type EngineWork } from './engine-work';
import type { TaskName } from './engine-tasks';

const PACKAGES = [
  { languages: [{ label: 'English' }] },
  { languages: [{ label: 'Japanese' }] },
  { gender: ['FEMALE'] },
  { gender: ['MALE'] },
  { age: ['AGE_25_TO_49'] },
  { age: ['AGE_18_TO_24'] },
  { languages: [{ label: 'English' }], gender: ['FEMALE'] },
  { languages: [{ label: 'English' }], gender: ['MALE'] },
  { languages: [{ label: 'Japanese' }], gender: ['FEMALE'] },
  { languages: [{ label: 'Japanese' }], gender: ['MALE'] },
];
const withoutTimings = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'ms' ? undefined : v)));

/** Signed-out insights through the API, with the engine's heavy work on a worker thread. */
describe('generate-insights on the engine worker pool', () => {
  let shared: SharedEngine;
  let pool: EngineWork;
  let t: TestApp;
  const ran: TaskName[] = [];

  beforeAll(async () => {
    shared = await createSharedEngine(exportChunks(generateNetwork({ accounts: 3000, seed: 'workers-app' })));
    pool = createEnginePool(shared, { threads: 1 });
    // The pool, watched: which tasks the services hand to it.
    const watched: EngineWork = {
      threads: pool.threads,
      run: (name, input, options) => {
        ran.push(name);
        return pool.run(name, input, options);
      },
      close: () => pool.close(),
    };
    t = await createTestApp({}, { engine: readyEngine(shared.engine, watched) });
    await pool.run('thread', null); // the thread has loaded the engine
  });
  afterAll(() => t.close());

  const start = (targeting_package: object, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/external/generate-insights/',
      payload: { targeting_package },
      remoteAddress: `10.0.0.${i + 1}`,
    });
  const jobOf = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}/` })).json<Job>();

  it('answers the status and an estimate while the reports run, then returns what the engine computes here', async () => {
    const started = await Promise.all(PACKAGES.map((p, i) => start(p, i)));
    const ids = started.map((r) => r.json<{ job: Job }>().job.id);

    const status = await t.app.inject({ method: 'GET', url: '/api/engine/status/' });
    expect(status.json()).toMatchObject({ state: 'ready' });
    // Followers-of estimates on the main thread (evaluation and a sample, no panels).
    const handle = shared.engine.describeAccounts([0])[0]!.handle;
    const estimate = await t.app.inject({
      method: 'POST',
      url: '/api/external/followers-of/',
      payload: { handle },
    });
    expect(estimate.statusCode).toBe(200);
    // Ten reports queue on one worker thread: these answered before they were all done.
    const states = await Promise.all(ids.map(async (id) => (await jobOf(id)).state));
    expect(states.some((s) => s !== 'done')).toBe(true);

    let jobs: Job[] = [];
    while (jobs.length === 0 || jobs.some((j) => j.state === 'queued' || j.state === 'running')) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      jobs = await Promise.all(ids.map(jobOf));
    }
    expect(jobs.map((j) => j.state)).toEqual(PACKAGES.map(() => 'done'));
    expect(ran.filter((n) => n === 'insights')).toHaveLength(PACKAGES.length);

    const local = inProcessWork(shared.engine);
    for (const [i, job] of jobs.entries()) {
      const here = await local.run('insights', { pkg: targetingPackageSchema.parse(PACKAGES[i]) });
      const result = job.result as {
        summary: unknown;
        communities: unknown;
        estimate: { sample_count: number };
      };
      expect(result.estimate.sample_count).toBe(here.estimate.sampleCount);
      expect(withoutTimings(result.summary)).toEqual(withoutTimings(here.insights.summary));
      expect(withoutTimings(result.communities)).toEqual(withoutTimings(here.insights.communities));
    }
  });
});
