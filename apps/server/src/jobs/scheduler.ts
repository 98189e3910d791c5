import { Queue, Worker } from 'bullmq';

/**
 * Work run on a schedule (the history's daily points and their alerts, modules/audiences): with
 * Redis (REDIS_URL) a BullMQ job scheduler, so that each tick runs in one server process of all
 * those sharing the Redis, whichever takes it; without, a timer in this process. A run still under
 * way when the next tick comes is not run twice in one process (a tick taken meanwhile waits for it).
 */
export interface Scheduler {
  /** Runs `run` every `everyMs` from now on, under `id` (one schedule per id across the processes). */
  every(id: string, everyMs: number, run: () => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
}

/** Ticks of a timer in this process; a tick while the last run goes on starts none (`run` reports its own failures). */
export function inProcessScheduler(): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  return {
    every(_id, everyMs, run) {
      let running = false;
      const tick = () => {
        if (running) return;
        running = true;
        run()
          .catch(() => undefined)
          .finally(() => (running = false));
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      timers.push(timer);
      return Promise.resolve();
    },
    close() {
      for (const timer of timers) clearInterval(timer);
      return Promise.resolve();
    },
  };
}

export interface RedisSchedulerOptions {
  /** redis://… (REDIS_URL). */
  url: string;
  /** Key prefix in Redis (tests use their own). */
  prefix?: string;
  /** Queue name, shared by every process that takes the same schedules. */
  name?: string;
}

/**
 * BullMQ's job schedulers (`upsertJobScheduler`): every process registers the same schedule by id
 * (registering again replaces it, no second one) and runs a worker taking one job at a time; BullMQ
 * hands each tick's job to one worker. A process that takes a job of a schedule it does not run
 * (an older version) completes it doing nothing. A run's error fails its job (kept 100 a schedule).
 */
export async function createRedisScheduler(options: RedisSchedulerOptions): Promise<Scheduler> {
  const connection = { url: options.url };
  const prefix = options.prefix ?? 'murmur';
  const name = options.name ?? 'murmur-schedules';
  const runs = new Map<string, () => Promise<unknown>>();
  const queue = new Queue(name, { connection, prefix });
  await queue.waitUntilReady();
  const worker = new Worker(
    name,
    async (job) => {
      await runs.get(job.name)?.();
    },
    { connection, prefix, concurrency: 1 },
  );
  await worker.waitUntilReady();
  return {
    async every(id, everyMs, run) {
      runs.set(id, run);
      await queue.upsertJobScheduler(
        id,
        { every: everyMs },
        { name: id, opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
    },
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
