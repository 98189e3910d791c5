import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyString } from '../test/matchers';
import { createTestClock, type TestClock } from '../test/test-clock';
import type { JobQueue, JobView, ReportProgress } from './jobs';

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

/** The behaviour every JobQueue must have (docs/API-AUDIENCES.md "Engine status and jobs"). */
export function describeJobQueue(name: string, make: (clock: TestClock) => Promise<JobQueue>) {
  describe(name, () => {
    let queue: JobQueue;
    let clock: TestClock;
    beforeAll(async () => {
      clock = createTestClock();
      queue = await make(clock);
    });
    afterAll(() => queue?.close());

    it('runs the work and keeps its result, with progress and stage along the way', async () => {
      const hold = gate();
      let report: ReportProgress | undefined;
      const started = await queue.start({
        kind: 'test',
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
      const { id } = await queue.start({ kind: 'test', key: key('slow'), work: () => hold.opened });
      const waited = await queue.wait(id, 50);
      expect(waited?.state).toMatch(/^(queued|running)$/);
      hold.open();
      expect((await queue.wait(id, 5000))?.state).toBe('done');
    });

    it('does not know ids it never gave out', async () => {
      expect(await queue.get('no-such-job-id-0123456789')).toBeUndefined();
      expect(await queue.wait('no-such-job-id-0123456789', 10)).toBeUndefined();
    });

    it('forgets finished jobs an hour after they finished', async () => {
      const { id } = await queue.start({ kind: 'test', key: key('expiry'), work: () => 'kept' });
      expect((await queue.wait(id, 5000))?.result).toBe('kept');
      clock.advance(59 * 60 * 1000);
      expect((await queue.get(id))?.result).toBe('kept');
      clock.advance(2 * 60 * 1000);
      expect(await queue.get(id)).toBeUndefined();
    });
  });
}
