import { Queue, Worker, type Job } from 'bullmq';
import { systemClock, type Clock } from '../lib/clock';
import { KEEP_FINISHED_MS } from './in-process-queue';
import {
  capReached,
  capsOf,
  createJobTracker,
  DEFAULT_JOB_LIMITS,
  raceAbort,
  type JobLimits,
} from './job-tracker';
import { createRedisCaps } from './redis-caps';
import { newJobId, type JobQueue, type JobRequest, type JobState, type JobView } from './jobs';

export interface BullmqQueueOptions {
  /** redis://… (REDIS_URL). */
  url: string;
  /** Queue name; one server process per name (see below). */
  name?: string;
  /** Key prefix in Redis (tests use their own). */
  prefix?: string;
  clock?: Clock;
  /** Jobs run at the same time in this process. */
  concurrency?: number;
  /** How long to wait for Redis at start-up before giving up. */
  connectTimeoutMs?: number;
  limits?: JobLimits;
  /** How often jobs nobody waits for are looked for (tests: a few ms). */
  sweepMs?: number;
}

/** What a job's progress holds: percent, stage and when it was reported. */
interface Progress {
  progress: number;
  stage: string;
  at: string;
}

const STATES: Record<string, JobState> = {
  waiting: 'queued',
  delayed: 'queued',
  prioritized: 'queued',
  'waiting-children': 'queued',
  active: 'running',
  completed: 'done',
  failed: 'failed',
};

const isProgress = (p: unknown): p is Progress =>
  typeof p === 'object' && p !== null && 'progress' in p && 'stage' in p;

/**
 * The job queue on Redis (REDIS_URL) with BullMQ: a queue and its worker in this server process.
 * The work itself is a closure of the request that started it, so the worker runs only jobs this
 * process added; that makes one server process per queue name (a second instance needs its own
 * `name`). Progress is `job.updateProgress({progress, stage, at})`, the result is the job's return
 * value. Job ids are random, as clients may only read jobs they were given. Finished jobs are
 * removed by BullMQ after an hour and read as unknown from then on.
 *
 * Joins of identical requests, the global bound and cancellation of jobs nobody waits for are kept in
 * this process (jobs/job-tracker.ts), as for the in-process queue: this process runs every job of its
 * queue. The per-caller caps are also counted in Redis (jobs/redis-caps.ts), shared by every process
 * with the same `prefix`. A cancelled job fails with the cancellation message, also while it still
 * waits for a worker slot.
 */
export async function createBullmqQueue(options: BullmqQueueOptions): Promise<JobQueue> {
  const clock = options.clock ?? systemClock;
  const name = options.name ?? 'murmur-jobs';
  const connection = { url: options.url };
  const prefix = options.prefix ?? 'murmur';
  const works = new Map<string, { work: JobRequest<unknown>['work']; signal: AbortSignal }>();
  const limits = options.limits ?? DEFAULT_JOB_LIMITS;
  const tracker = createJobTracker(limits, clock, options);
  const keepSeconds = KEEP_FINISHED_MS / 1000;
  const queue = new Queue(name, {
    connection,
    prefix,
    defaultJobOptions: {
      removeOnComplete: { age: keepSeconds },
      removeOnFail: { age: keepSeconds },
      attempts: 1,
    },
  });
  // Connection problems are retried by the driver; they must not crash the process meanwhile.
  queue.on('error', () => undefined);
  try {
    await withTimeout(queue.waitUntilReady(), options.connectTimeoutMs ?? 5000, options.url);
  } catch (error) {
    await queue.close().catch(() => undefined);
    throw error;
  }
  const caps = await createRedisCaps({ url: options.url, prefix }).catch(async (error: unknown) => {
    await queue.close().catch(() => undefined);
    throw error;
  });
  /** The work has stopped: its slots are free, here and in Redis. */
  const settled = (id: string) => {
    tracker.settled(id);
    void caps.release(id);
  };

  const worker = new Worker(
    name,
    async (job: Job) => {
      const id = job.id!;
      const entry = works.get(id);
      if (!entry) throw new Error('This job was started by another server process and cannot run here.');
      works.delete(id);
      const { signal } = entry;
      const report = (progress: number, stage: string) => {
        if (signal.aborted) return;
        const p: Progress = { progress: clampPercent(progress), stage, at: clock.now().toISOString() };
        void job.updateProgress(p).catch(() => undefined);
      };
      const work = Promise.resolve().then(() => {
        signal.throwIfAborted();
        report(0, 'Starting');
        return entry.work(report, signal);
      });
      // The slot is free once the work has really stopped, not when it was cancelled.
      void work.then(
        () => settled(id),
        () => settled(id),
      );
      return raceAbort(work, signal);
    },
    { connection, prefix, concurrency: options.concurrency ?? 2 },
  );
  worker.on('error', () => undefined);

  /**
   * `bullState` is read before the job's fields: read after them, a job finishing in between would
   * show as done without its return value (or failed without its reason).
   */
  function view(job: Job | undefined, bullState: string): JobView | undefined {
    if (!job?.id) return undefined;
    const cancelled = tracker.cancelledReason(job.id);
    const state =
      cancelled && (bullState === 'waiting' || bullState === 'active') ? 'failed' : STATES[bullState];
    if (!state) return undefined;
    const finishedOn = job.finishedOn;
    if (finishedOn !== undefined && clock.now().getTime() - finishedOn > KEEP_FINISHED_MS) return undefined;
    const progress = isProgress(job.progress) ? job.progress : undefined;
    const created = new Date(job.timestamp).toISOString();
    const times = [job.timestamp, job.processedOn ?? 0, finishedOn ?? 0, Date.parse(progress?.at ?? '') || 0];
    const stage = state === 'done' ? 'Done' : state === 'queued' ? 'Queued' : (progress?.stage ?? 'Starting');
    return {
      id: job.id,
      kind: job.name,
      state,
      progress: state === 'done' ? 100 : (progress?.progress ?? 0),
      stage,
      result: state === 'done' ? ((job.returnvalue as unknown) ?? null) : null,
      error: state === 'failed' ? cancelled || job.failedReason || 'The job failed.' : null,
      created,
      updated: new Date(Math.max(...times)).toISOString(),
    };
  }

  const read = async (id: string) => {
    const state = await queue.getJobState(id);
    return view(await queue.getJob(id), state);
  };

  return {
    async start<T>(request: JobRequest<T>) {
      const joinedId = tracker.joinable(request.key);
      const joined = joinedId === undefined ? undefined : await read(joinedId);
      if (joined) return joined;
      const id = newJobId();
      const signal = tracker.admit(request.key, request.caller, id);
      // If Redis cannot count, this process's own caps still hold.
      const full = await caps.acquire(id, capsOf(limits, request.caller)).catch(() => undefined);
      if (full) {
        tracker.settled(id);
        throw capReached(full);
      }
      // Registered before adding: the worker may pick the job up before add() returns.
      works.set(id, { work: request.work, signal });
      try {
        await queue.add(request.kind, { key: request.key }, { jobId: id, timestamp: clock.now().getTime() });
      } catch (error) {
        works.delete(id);
        settled(id);
        throw error;
      }
      const started = await read(id);
      if (!started) throw new Error('The job vanished as it was added.');
      return started;
    },
    async get(id) {
      tracker.seen(id);
      return read(id);
    },
    async wait(id, timeoutMs, signal) {
      const deadline = Date.now() + timeoutMs;
      const leave = tracker.watch(id);
      try {
        for (;;) {
          const found = await read(id);
          const over = Date.now() >= deadline || signal?.aborted === true;
          if (!found || found.state === 'done' || found.state === 'failed' || over) return found;
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(50, Math.max(1, deadline - Date.now()))),
          );
        }
      } finally {
        leave(signal?.aborted === true);
      }
    },
    async depth() {
      // Across every process sharing the queue (Redis): waiting, prioritised and delayed count as queued.
      const counts = await queue.getJobCounts('wait', 'prioritized', 'delayed', 'active');
      return {
        queued: (counts.wait ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
        running: counts.active ?? 0,
      };
    },
    async close() {
      tracker.close();
      await worker.close();
      await queue.close();
      await caps.close();
    },
  };
}

const clampPercent = (p: number) => Math.max(0, Math.min(100, Math.round(p)));

async function withTimeout<T>(promise: Promise<T>, ms: number, url: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Could not connect to Redis at ${redact(url)}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}
