import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRedisScheduler, inProcessScheduler, type Scheduler } from './scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs of a schedule: who ran each and when it started and ended (ms since the first's start). */
interface Run {
  by: string;
  start: number;
  end: number;
}

function recorder(by: string, runs: Run[], ms: number) {
  return async () => {
    const start = performance.now();
    await sleep(ms);
    runs.push({ by, start, end: performance.now() });
  };
}

/** Whether two runs of `runs` overlap in time. */
const overlapping = (runs: Run[]): boolean =>
  runs.some((a, i) => runs.some((b, j) => i < j && a.start < b.end && b.start < a.end));

describe('the in-process scheduler', () => {
  it('runs on each tick, never twice at once: a tick while a run goes on starts none', async () => {
    const scheduler = inProcessScheduler();
    const runs: Run[] = [];
    try {
      // Each run lasts three ticks.
      await scheduler.every('slow', 20, recorder('here', runs, 60));
      await sleep(500);
    } finally {
      await scheduler.close();
    }
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThan(500 / 20 / 2);
    expect(overlapping(runs)).toBe(false);
    // Closed: no run after it.
    const after = runs.length;
    await sleep(100);
    expect(runs.length).toBeLessThanOrEqual(after + 1);
  });
});

// Runs against a real Redis only when REDIS_URL is set (npm run test:db sets it).
const url = process.env.REDIS_URL;

if (url) {
  describe('the Redis scheduler (BullMQ job schedulers)', () => {
    it('runs each tick in one of the server processes sharing the Redis, not in each', async () => {
      const prefix = `murmur-test-${randomBytes(4).toString('hex')}`;
      // Two server processes on one Redis, each registering the same schedule.
      const processes: Scheduler[] = [
        await createRedisScheduler({ url, prefix }),
        await createRedisScheduler({ url, prefix }),
      ];
      const runs: Run[] = [];
      const every = 250;
      const started = performance.now();
      try {
        for (const [i, scheduler] of processes.entries())
          await scheduler.every('history', every, recorder(`process ${i}`, runs, 10));
        await sleep(3_000);
      } finally {
        for (const scheduler of processes) await scheduler.close();
      }
      const ticks = Math.floor((performance.now() - started) / every) + 1;
      // Every tick ran somewhere, at most once: were each process to run its own, twice as many.
      expect(runs.length).toBeGreaterThanOrEqual(Math.floor(ticks / 2));
      expect(runs.length).toBeLessThanOrEqual(ticks + 1);
      expect(overlapping(runs)).toBe(false);
    });
  });
}
