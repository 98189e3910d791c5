import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequests } from '../errors';
import { anyString } from '../test/matchers';
import { createTestClock, type TestClock } from '../test/test-clock';
import { CANCELLED_MESSAGE, type JobLimits } from './job-tracker';
import type { JobCaller, JobQueue, JobView, ReportProgress } from './jobs';

/** A promise the test resolves by hand, to hold a job in the middle of its work. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function until(queue: JobQueue, id: string, done: (job: JobView | undefined) => boolean) {
  for (let i = 0; i < 400; i++) {
    const job = await queue.get(id);
    if (done(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${id} never reached the expected state`);
}

let unique = 0;
const key = (name: string) => `${name}:${process.pid}:${Date.now()}:${unique++}`;
/** A signed-out caller of its own, so that tests do not share caps. */
const anonymous = (): JobCaller => ({ ip: `10.0.${unique++ % 250}.${unique++ % 250}` });

/** Small caps, so that the contract can reach them; jobs nobody waits for go after 30 s. */
export const CONTRACT_LIMITS: JobLimits = {
  perIp: 2,
  perUser: 3,
  perTeam: 4,
  total: 8,
  abandonAfterMs: 30_000,
};

/** What `make` gets: a movable clock, the contract's limits and a sweep every few ms. */
export interface QueueSetup {
  clock: TestClock;
  limits: JobLimits;
  sweepMs: number;
}

/** The behaviour every JobQueue must have (docs/API-AUDIENCES.md "Engine status and jobs"). */
export function describeJobQueue(name: string, make: (setup: QueueSetup) => Promise<JobQueue>) {
  describe(name, () => {
    let queue: JobQueue;
    let clock: TestClock;
    beforeAll(async () => {
      clock = createTestClock();
      queue = await make({ clock, limits: CONTRACT_LIMITS, sweepMs: 5 });
    });
    afterAll(() => queue?.close());

    it('runs the work and keeps its result, with progress and stage along the way', async () => {
      const hold = gate();
      let report: ReportProgress | undefined;
      const started = await queue.start({
        kind: 'test',
        caller: anonymous(),
        key: key('progress'),
        work: async (r) => {
          report = r;
          r(40, 'Counting interests');
          await hold.opened;
          return { answer: 42 };
        },
      });
      expect(started).toEqual({
        id: anyString,
        kind: 'test',
        state: expect.stringMatching(/^(queued|running)$/) as unknown,
        progress: expect.any(Number) as unknown,
        stage: anyString,
        result: null,
        error: null,
        created: anyString,
        updated: anyString,
      });
      expect(started.id.length).toBeGreaterThanOrEqual(16);
      const running = await until(queue, started.id, (j) => j?.stage === 'Counting interests');
      expect(running).toMatchObject({ state: 'running', progress: 40, result: null });
      report!(150, 'Naming communities');
      const clamped = await until(queue, started.id, (j) => j?.stage === 'Naming communities');
      expect(clamped!.progress).toBe(100);
      hold.open();
      const done = await queue.wait(started.id, 5000);
      expect(done).toMatchObject({ state: 'done', progress: 100, stage: 'Done', result: { answer: 42 } });
      expect(Date.parse(done!.updated)).toBeGreaterThanOrEqual(Date.parse(done!.created));
    });

    it('joins an identical request while the job runs, and starts anew once it has finished', async () => {
      const hold = gate();
      let runs = 0;
      const request = {
        kind: 'test',
        caller: anonymous(),
        key: key('join'),
        work: async () => {
          const run = ++runs;
          await hold.opened;
          return run;
        },
      };
      const first = await queue.start(request);
      const second = await queue.start(request);
      const other = await queue.start({ ...request, key: key('other') });
      expect(second.id).toBe(first.id);
      expect(other.id).not.toBe(first.id);
      hold.open();
      expect((await queue.wait(first.id, 5000))?.state).toBe('done');
      expect((await queue.wait(other.id, 5000))?.state).toBe('done');
      expect(runs).toBe(2);
      const third = await queue.start(request);
      expect(third.id).not.toBe(first.id);
      expect((await queue.wait(third.id, 5000))?.result).toBe(3);
      // The earlier job stays readable with its own result.
      expect((await queue.get(first.id))?.result).toBe(1);
    });

    it('reports a failure with its message, and an identical request after it runs again', async () => {
      let calls = 0;
      const request = {
        kind: 'test',
        caller: anonymous(),
        key: key('fail'),
        work: () => {
          calls++;
          if (calls === 1) throw new Error('The engine is out of coffee');
          return 'fine';
        },
      };
      const failed = await queue.wait((await queue.start(request)).id, 5000);
      expect(failed).toMatchObject({ state: 'failed', error: 'The engine is out of coffee', result: null });
      const retried = await queue.wait((await queue.start(request)).id, 5000);
      expect(retried).toMatchObject({ state: 'done', result: 'fine' });
    });

    it('wait() gives up after its timeout and returns the job as it is', async () => {
      const hold = gate();
      const { id } = await queue.start({
        kind: 'test',
        caller: anonymous(),
        key: key('slow'),
        work: () => hold.opened,
      });
      const waited = await queue.wait(id, 50);
      expect(waited?.state).toMatch(/^(queued|running)$/);
      hold.open();
      expect((await queue.wait(id, 5000))?.state).toBe('done');
    });

    it('does not know ids it never gave out', async () => {
      expect(await queue.get('no-such-job-id-0123456789')).toBeUndefined();
      expect(await queue.wait('no-such-job-id-0123456789', 10)).toBeUndefined();
    });

    /** Jobs held open until `release()`; each sees its abort signal. */
    function heldJobs() {
      const hold = gate();
      const signals: AbortSignal[] = [];
      const request = (caller: JobCaller, name = 'held') => ({
        kind: 'test',
        key: key(name),
        caller,
        work: async (_report: ReportProgress, signal: AbortSignal) => {
          signals.push(signal);
          await hold.opened;
          return 'released';
        },
      });
      return { request, release: hold.open, signals };
    }

    async function refusal(promise: Promise<unknown>): Promise<TooManyRequests> {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TooManyRequests);
      return error as TooManyRequests;
    }

    it('caps the jobs of one signed-out caller by IP while another caller still gets a job', async () => {
      const held = heldJobs();
      const greedy = anonymous();
      const started = [];
      for (let i = 0; i < CONTRACT_LIMITS.perIp; i++) started.push(await queue.start(held.request(greedy)));
      const refused = await refusal(queue.start(held.request(greedy)));
      expect(refused.statusCode).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.message).toMatch(/Too many jobs are running for you/);
      const other = await queue.start(held.request(anonymous()));
      expect(other.state).toMatch(/^(queued|running)$/);
      held.release();
      for (const job of [...started, other]) expect((await queue.wait(job.id, 5000))?.state).toBe('done');
      // Finished jobs free their slots.
      const again = await queue.start(held.request(greedy));
      expect((await queue.wait(again.id, 5000))?.result).toBe('released');
    });

    it('caps signed-in callers by user and by team, not by IP', async () => {
      const held = heldJobs();
      const ip = anonymous().ip;
      const jobs = [];
      for (let i = 0; i < CONTRACT_LIMITS.perUser; i++) {
        jobs.push(await queue.start(held.request({ ip, userId: 1001 })));
      }
      await refusal(queue.start(held.request({ ip, userId: 1001 })));
      // Another user on the same IP address is not held back; their team's cap counts both.
      jobs.push(await queue.start(held.request({ ip, userId: 1002, teamId: 77 })));
      for (let i = 1; i < CONTRACT_LIMITS.perTeam; i++) {
        jobs.push(await queue.start(held.request({ ip, userId: 1003 + i, teamId: 77 })));
      }
      const refused = await refusal(queue.start(held.request({ ip, userId: 1010, teamId: 77 })));
      expect(refused.message).toMatch(/your team/);
      held.release();
      for (const job of jobs) expect((await queue.wait(job.id, 5000))?.state).toBe('done');
    });

    it('bounds all jobs together', async () => {
      const held = heldJobs();
      const jobs = [];
      for (let i = 0; i < CONTRACT_LIMITS.total; i++) jobs.push(await queue.start(held.request(anonymous())));
      const refused = await refusal(queue.start(held.request(anonymous())));
      expect(refused.message).toMatch(/server is busy/);
      held.release();
      for (const job of jobs) expect((await queue.wait(job.id, 5000))?.state).toBe('done');
    });

    it('lets an identical request join even when its caller is at the cap', async () => {
      const held = heldJobs();
      const caller = anonymous();
      const shared = held.request(caller, 'shared');
      const first = await queue.start(shared);
      await queue.start(held.request(caller));
      // At the cap: a new job is refused, the identical one is joined.
      await refusal(queue.start(held.request(caller)));
      expect((await queue.start(shared)).id).toBe(first.id);
      expect((await queue.start({ ...shared, caller: anonymous() })).id).toBe(first.id);
      held.release();
      expect((await queue.wait(first.id, 5000))?.state).toBe('done');
    });

    it('cancels a job nobody polled, joined or waited for in 30 s, and frees its slot', async () => {
      const caller = anonymous();
      let aborted!: () => void;
      const sawAbort = new Promise<void>((resolve) => (aborted = resolve));
      const abandoned = await queue.start({
        kind: 'test',
        key: key('abandoned'),
        caller,
        work: (_report, signal) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              aborted();
              reject(signal.reason as Error);
            });
          }),
      });
      const held = heldJobs();
      const kept = await queue.start(held.request(anonymous()));
      await until(queue, kept.id, (j) => j?.state === 'running');
      // Polled at 20 s: still wanted at 40 s.
      clock.advance(20_000);
      await queue.get(kept.id);
      clock.advance(20_000);
      await sawAbort;
      const cancelled = await until(queue, abandoned.id, (j) => j?.state === 'failed');
      expect(cancelled!.error).toBe(CANCELLED_MESSAGE);
      expect(held.signals.every((s) => !s.aborted)).toBe(true);
      // Its slot is free, and an identical request starts anew rather than joining the cancelled job.
      const next = await queue.start({ kind: 'test', key: key('after'), caller, work: () => 'ok' });
      expect((await queue.wait(next.id, 5000))?.result).toBe('ok');
      held.release();
      expect((await queue.wait(kept.id, 5000))?.state).toBe('done');
    });

    it('keeps a job while a long-poll waits, and cancels it when that client goes away', async () => {
      const held = heldJobs();
      const watched = await queue.start(held.request(anonymous()));
      // Nobody reads the job but the long-poll (a poll would count as another client waiting).
      while (held.signals.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const client = new AbortController();
      const waiting = queue.wait(watched.id, 60_000, client.signal);
      clock.advance(31_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(held.signals[0]?.aborted).toBe(false);
      client.abort();
      expect((await waiting)?.state).toMatch(/^(running|failed)$/);
      const cancelled = await until(queue, watched.id, (j) => j?.state === 'failed');
      expect(cancelled!.error).toBe(CANCELLED_MESSAGE);
      expect(held.signals[0]?.aborted).toBe(true);
      held.release();
    });

    it('does not cancel a job another client joined when the long-polling client goes away', async () => {
      const held = heldJobs();
      const shared = held.request(anonymous(), 'joined');
      const first = await queue.start(shared);
      const client = new AbortController();
      const waiting = queue.wait(first.id, 60_000, client.signal);
      expect((await queue.start({ ...shared, caller: anonymous() })).id).toBe(first.id);
      client.abort();
      await waiting;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await queue.get(first.id))?.state).toMatch(/^(queued|running)$/);
      held.release();
      expect((await queue.wait(first.id, 5000))?.state).toBe('done');
    });

    // Last: it moves the clock an hour on.
    it('forgets finished jobs an hour after they finished', async () => {
      const { id } = await queue.start({
        kind: 'test',
        caller: anonymous(),
        key: key('expiry'),
        work: () => 'kept',
      });
      expect((await queue.wait(id, 5000))?.result).toBe('kept');
      // Earlier tests moved the clock about a minute on; BullMQ stamps finishing with the real time.
      clock.advance(57 * 60 * 1000);
      expect((await queue.get(id))?.result).toBe('kept');
      clock.advance(5 * 60 * 1000);
      expect(await queue.get(id)).toBeUndefined();
    });
  });
}
