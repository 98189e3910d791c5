import type { Clock } from '../lib/clock';
import { createJobTracker, DEFAULT_JOB_LIMITS, raceAbort, type JobLimits } from './job-tracker';
import { newJobId, type JobQueue, type JobRequest, type JobView } from './jobs';

interface Entry {
  view: JobView;
  finished: Promise<void>;
}

/** Finished jobs are kept this long for clients to read, then forgotten (docs/API-AUDIENCES.md: 1 h). */
export const KEEP_FINISHED_MS = 60 * 60 * 1000;

export interface InProcessQueueOptions {
  limits?: JobLimits;
  /** How often jobs nobody waits for are looked for (tests: a few ms). */
  sweepMs?: number;
}

/**
 * Jobs run in this process, one at a time per request but concurrently across requests (each is
 * CPU-bound engine work that yields between stages). Progress lives in memory. Caps, joins and
 * cancellation are jobs/job-tracker.ts's.
 */
export function createInProcessQueue(clock: Clock, options: InProcessQueueOptions = {}): JobQueue {
  const jobs = new Map<string, Entry>();
  const tracker = createJobTracker(options.limits ?? DEFAULT_JOB_LIMITS, clock, options);
  const finished = (view: JobView) => view.state === 'done' || view.state === 'failed';

  function prune() {
    const now = clock.now().getTime();
    for (const [id, entry] of jobs) {
      if (finished(entry.view) && now - Date.parse(entry.view.updated) > KEEP_FINISHED_MS) jobs.delete(id);
    }
  }

  /** Starts or joins the job; @throws TooManyRequests when the caller or everyone is at the cap. */
  function startNow<T>(request: JobRequest<T>): JobView {
    prune();
    const joinedId = tracker.joinable(request.key);
    const joined = joinedId === undefined ? undefined : jobs.get(joinedId);
    if (joined) return { ...joined.view };
    const id = newJobId();
    const signal = tracker.admit(request.key, request.caller, id);
    const created = clock.now().toISOString();
    const view: JobView = {
      id,
      kind: request.kind,
      state: 'queued',
      progress: 0,
      stage: 'Queued',
      result: null,
      error: null,
      created,
      updated: created,
    };
    const touch = (patch: Partial<JobView>) => {
      // A cancelled job stays failed even if its work still reports.
      if (!finished(view)) Object.assign(view, patch, { updated: clock.now().toISOString() });
    };
    const entry: Entry = {
      view,
      finished: (async () => {
        // Let the request that started the job answer first.
        await new Promise((resolve) => setImmediate(resolve));
        const work = (async () => {
          signal.throwIfAborted();
          touch({ state: 'running', stage: 'Starting' });
          return request.work((progress, stage) => {
            touch({ progress: Math.max(0, Math.min(100, Math.round(progress))), stage });
          }, signal);
        })();
        // The slot is free once the work has really stopped, not when it was cancelled.
        void work.then(
          () => tracker.settled(id),
          () => tracker.settled(id),
        );
        try {
          const result = await raceAbort(work, signal);
          touch({ state: 'done', progress: 100, stage: 'Done', result });
        } catch (error) {
          touch({ state: 'failed', error: error instanceof Error ? error.message : String(error) });
        }
      })(),
    };
    jobs.set(id, entry);
    return { ...view };
  }

  return {
    start<T>(request: JobRequest<T>) {
      // A refusal is a rejected promise, as for every JobQueue.
      return new Promise<JobView>((resolve) => resolve(startNow(request)));
    },
    get(id) {
      prune();
      const entry = jobs.get(id);
      if (entry) tracker.seen(id);
      return Promise.resolve(entry && { ...entry.view });
    },
    async wait(id, timeoutMs, signal) {
      prune();
      const entry = jobs.get(id);
      if (!entry) return undefined;
      const leave = tracker.watch(id);
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      await Promise.race([
        entry.finished,
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
          onAbort = () => resolve(undefined);
          signal?.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      leave(signal?.aborted === true);
      return { ...entry.view };
    },
    depth() {
      let queued = 0;
      let running = 0;
      for (const { view } of jobs.values()) {
        if (view.state === 'queued') queued++;
        else if (view.state === 'running') running++;
      }
      return Promise.resolve({ queued, running });
    },
    async close() {
      tracker.close();
      await Promise.allSettled([...jobs.values()].map((e) => e.finished));
    },
  };
}
