import { createHash } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { systemClock, type Clock } from '../lib/clock';
import { KEEP_FINISHED_MS } from './in-process-queue';
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
 * value. An identical request joins through BullMQ deduplication: its id is derived from the request
 * key and holds while the job waits or runs (a fixed job id would also catch the finished job kept
 * for an hour). Job ids themselves are random, as clients may only read jobs they were given.
 * Finished jobs are removed by BullMQ after an hour and read as unknown from then on.
 */
export async function createBullmqQueue(options: BullmqQueueOptions): Promise<JobQueue> {
  const clock = options.clock ?? systemClock;
  const name = options.name ?? 'murmur-jobs';
  const connection = { url: options.url };
  const prefix = options.prefix ?? 'murmur';
  const works = new Map<string, JobRequest<unknown>['work']>();
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

  const worker = new Worker(
    name,
    async (job: Job) => {
      const work = job.id === undefined ? undefined : works.get(job.id);
      if (!work) throw new Error('This job was started by another server process and cannot run here.');
      try {
        const report = (progress: number, stage: string) => {
          const p: Progress = { progress: clampPercent(progress), stage, at: clock.now().toISOString() };
          void job.updateProgress(p).catch(() => undefined);
        };
        report(0, 'Starting');
        return await work(report);
      } finally {
        works.delete(job.id!);
      }
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
    const state = STATES[bullState];
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
      error: state === 'failed' ? job.failedReason || 'The job failed.' : null,
      created,
      updated: new Date(Math.max(...times)).toISOString(),
    };
  }

  const get = async (id: string) => {
    const state = await queue.getJobState(id);
    return view(await queue.getJob(id), state);
  };

  return {
    async start<T>(request: JobRequest<T>) {
      const id = newJobId();
      // Registered before adding: the worker may pick the job up before add() returns.
      works.set(id, request.work);
      const job = await queue.add(
        request.kind,
        { key: request.key },
        {
          jobId: id,
          deduplication: { id: createHash('sha256').update(request.key).digest('base64url') },
          timestamp: clock.now().getTime(),
        },
      );
      if (job.id !== id) works.delete(id);
      const joined = await get(job.id!);
      if (!joined) throw new Error('The job vanished as it was added.');
      return joined;
    },
    get,
    async wait(id, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = await get(id);
        if (!found || found.state === 'done' || found.state === 'failed' || Date.now() >= deadline) {
          return found;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(1, deadline - Date.now()))));
      }
    },
    async close() {
      await worker.close();
      await queue.close();
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
