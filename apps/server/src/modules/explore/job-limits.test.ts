import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@murmur/core/api';
import { DEFAULT_LIMITS } from '../../config';
import { createInProcessQueue } from '../../jobs/in-process-queue';
import { CANCELLED_MESSAGE } from '../../jobs/job-tracker';
import type { JobQueue } from '../../jobs/jobs';
import { createTestClock } from '../../test/test-clock';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';

const limits = DEFAULT_LIMITS.jobs;
const clock = createTestClock();

/** The app's in-process queue (production limits, quick sweeps) with every job held until released. */
let release = () => undefined as void;
const hold = new Promise<void>((resolve) => (release = resolve));
/** Ids of the jobs started, newest last (read without a poll, which would count as waiting). */
const started: string[] = [];
function heldQueue(inner: JobQueue): JobQueue {
  return {
    ...inner,
    start: async (request) => {
      const job = await inner.start({
        ...request,
        work: async (report, signal) => {
          await hold;
          return request.work(report, signal);
        },
      });
      started.push(job.id);
      return job;
    },
  };
}

let t: TestApp;
let alice: TestSession;
beforeAll(async () => {
  const network = await testNetwork();
  t = await createTestApp(
    { limits: DEFAULT_LIMITS },
    { engine: network.holder, jobs: heldQueue(createInProcessQueue(clock, { limits, sweepMs: 5 })) },
  );
  alice = await t.signIn('alice@example.com');
});
afterAll(async () => {
  release();
  await t.close();
});

/** Distinct non-empty packages: each is a job of its own. */
const LANGUAGES = ['English', 'Japanese', 'Spanish', 'French', 'German', 'Portuguese', 'Korean', 'Arabic'];
let next = 0;
/** The languages of the bits of a counter: a new, non-empty set every time. */
const freshPackage = () => {
  const bits = ++next;
  return { languages: LANGUAGES.filter((_, i) => bits & (1 << i)).map((label) => ({ label })) };
};

const generateInsights = (targeting_package: object, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/external/generate-insights/',
    payload: { targeting_package },
    remoteAddress,
  });
const jobOf = (res: { json: () => unknown }) => (res.json() as { job: Job }).job;
const read = async (id: string) => (await t.app.inject({ url: `/api/jobs/${id}/` })).json<Job>();

let keptId = '';

describe('job caps over HTTP (docs/API.md "Limits")', () => {
  it('answers 429 with Retry-After to a signed-out caller beyond the cap, while another caller still gets a job', async () => {
    const greedy = '203.0.113.9';
    const packages = Array.from({ length: limits.perIp }, freshPackage);
    for (const p of packages) expect((await generateInsights(p, greedy)).statusCode).toBe(202);
    const refused = await generateInsights(freshPackage(), greedy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      detail: `Too many jobs are running for you (at most ${limits.perIp} at once). Please wait for one to finish and try again.`,
    });
    // Someone else is not held back, and an identical request joins even at the cap.
    expect((await generateInsights(freshPackage(), '198.51.100.20')).statusCode).toBe(202);
    const first = jobOf(await generateInsights(packages[0]!, greedy));
    expect(jobOf(await generateInsights(packages[0]!, greedy)).id).toBe(first.id);
  });

  it('counts a signed-in user by user, not by IP', async () => {
    const ip = '203.0.113.30';
    const insights = (targeting_package: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/audience-configs/insights/',
        headers: alice.tokenAuth,
        payload: { targeting_package },
        remoteAddress: ip,
      });
    for (let i = 0; i < limits.perUser; i++) expect((await insights(freshPackage())).statusCode).toBe(202);
    expect((await insights(freshPackage())).statusCode).toBe(429);
    expect((await generateInsights(freshPackage(), ip)).statusCode).toBe(202);
  });

  it('cancels a job nobody polls for 30 s, and keeps one that is polled', async () => {
    const abandoned = jobOf(await generateInsights(freshPackage(), '203.0.113.40'));
    const polled = jobOf(await generateInsights(freshPackage(), '203.0.113.41'));
    keptId = polled.id;
    clock.advance(20_000);
    expect((await read(polled.id)).state).toMatch(/^(queued|running)$/);
    clock.advance(20_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await read(abandoned.id)).toMatchObject({ state: 'failed', error: CANCELLED_MESSAGE });
    expect((await read(polled.id)).state).toMatch(/^(queued|running)$/);
  });

  it('cancels a long-polled job when its client disconnects', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new AbortController();
    const waiting = fetch(`${origin}/api/external/generate-insights/?wait=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targeting_package: freshPackage() }),
      signal: client.signal,
    }).catch(() => 'aborted');
    // The job is held; nobody else reads it. The client gives up before the 10 s wait ends.
    const before = started.length;
    for (let i = 0; i < 200 && started.length === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const id = started.at(-1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    client.abort();
    expect(await waiting).toBe('aborted');
    expect(id).toBeDefined();
    // Not polled meanwhile: a poll would be someone else waiting for it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await read(id!)).toMatchObject({ state: 'failed', error: CANCELLED_MESSAGE });
  });

  it('runs the jobs that were kept once released', async () => {
    release();
    for (let i = 0; i < 200 && (await read(keptId)).state !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await read(keptId)).state).toBe('done');
  });
});
