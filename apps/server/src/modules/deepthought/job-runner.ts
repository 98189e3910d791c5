import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { DeepThoughtRepository, DtJobRow } from './deepthought.repository';
import { XError, type XPage, type XV2User } from '../../integrations/x';

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

const timer: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    const handle = setTimeout(resolve, Math.max(0, ms));
    signal.addEventListener('abort', () => {
      clearTimeout(handle);
      resolve();
    });
  });

/** What a job's work uses to report progress and to wait, as the job's row in dt_jobs shows. */
export type JobControls = ReturnType<typeof jobControls>;

function jobControls(deps: {
  repo: DeepThoughtRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  sleep: Sleep;
  signal: AbortSignal;
}) {
  const { repo, clock, log, sleep, signal } = deps;

  async function touch(job: number, values: Parameters<DeepThoughtRepository['updateJob']>[1]) {
    await repo.updateJob(job, { ...values, updated: clock.now() });
  }

  /** Shows the job as waiting until a time (with `stage` saying why), then running again. */
  async function waitUntil(job: number, until: Date, stage?: string) {
    await touch(job, { state: 'waiting', waitUntil: until, ...(stage && { stage }) });
    await sleep(until.getTime() - clock.now().getTime(), signal);
    signal.throwIfAborted();
    await touch(job, { state: 'running', waitUntil: null });
  }

  /** Waits for X's window to reset (x-rate-limit-reset, unix seconds: real time, not the clock). */
  async function waitForReset(job: number, reset: number) {
    const until = new Date(reset * 1000 + 1000);
    await touch(job, { state: 'waiting', waitUntil: until });
    log.info({ job, until }, 'deepthought: X rate limit reached, waiting for the reset');
    await sleep(until.getTime() - Date.now(), signal);
    signal.throwIfAborted();
    await touch(job, { state: 'running', waitUntil: null });
  }

  /** One X call, retried after the reset while X answers 429. */
  async function limited<T>(job: number, run: () => Promise<T>): Promise<T> {
    for (;;) {
      signal.throwIfAborted();
      try {
        return await run();
      } catch (error) {
        // toXError always sets `reset` on a 429 (X's header, or a minute from now).
        if (error instanceof XError && error.rateLimited) await waitForReset(job, error.reset ?? 0);
        else throw error;
      }
    }
  }

  /**
   * Every page of a listing up to `limit` items, following next_token; a spent window is waited
   * out before the next page rather than collecting a 429.
   */
  async function allPages<T>(
    job: number,
    fetch: (token: string | undefined) => Promise<XPage<T>>,
    limit = Infinity,
  ): Promise<{ data: T[]; users: XV2User[] }> {
    const data: T[] = [];
    const users: XV2User[] = [];
    let token: string | undefined;
    do {
      const page = await limited(job, () => fetch(token));
      data.push(...page.data);
      users.push(...page.users);
      token = page.nextToken;
      if (token && data.length < limit && page.rateLimit?.remaining === 0)
        await waitForReset(job, page.rateLimit.reset);
    } while (token && data.length < limit);
    return { data: data.slice(0, limit), users };
  }

  return { signal, touch, waitUntil, waitForReset, limited, allPages };
}

/**
 * Runs sync and follow jobs in the background, one runner per job in this process. State lives in
 * dt_jobs, so `resume` picks up what a previous process left queued, running or waiting; a crash
 * of the work marks the job failed, a shutdown leaves it to resume.
 */
export function createJobRunner(
  deps: { repo: DeepThoughtRepository; clock: Clock; log: FastifyBaseLogger; sleep?: Sleep | undefined },
  work: (job: DtJobRow, controls: JobControls) => Promise<void>,
) {
  const running = new Map<number, Promise<void>>();
  const stop = new AbortController();
  const controls = jobControls({ ...deps, sleep: deps.sleep ?? timer, signal: stop.signal });

  function launch(job: DtJobRow): void {
    if (running.has(job.id) || stop.signal.aborted) return;
    const run = work(job, controls)
      .catch(async (error: unknown) => {
        if (stop.signal.aborted) return;
        deps.log.warn({ err: error, job: job.id }, 'deepthought job failed');
        const message =
          error instanceof XError
            ? error.status === 0
              ? 'X cannot be reached right now. Please try again later.'
              : 'X refused the request.'
            : 'The job failed.';
        await controls
          .touch(job.id, { state: 'failed', error: message, waitUntil: null })
          .catch(() => undefined);
      })
      .finally(() => running.delete(job.id));
    running.set(job.id, run);
  }

  return {
    launch,
    /** Resumes the jobs a previous process left queued, running or waiting. */
    resume: async () => {
      for (const job of await deps.repo.unfinishedJobs()) launch(job);
    },
    close: async () => {
      stop.abort();
      await Promise.allSettled([...running.values()]);
    },
    /** Waits for a job's runner in this process (tests). */
    settled: (id: number) => running.get(id) ?? Promise.resolve(),
  };
}
