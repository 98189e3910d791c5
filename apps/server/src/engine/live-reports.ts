import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  shareLiveEngine,
  toSharedAccountSet,
  type LiveAudienceEngine,
  type SharedLiveEngine,
} from '@murmur/engine';
import type { TaskOutput } from './engine-tasks';
import { liveWork } from './engine-live-work';
import type { EngineWork, RunOptions } from './engine-work';
import type { FromReports, ReportsWorkerData, ToReports } from './live-reports-worker';

// A plain module that registers tsx, then loads live-reports-worker.ts (see its comment).
const WORKER = new URL('./live-reports-worker.mjs', import.meta.url);

/** The error a task in flight gets when the reports thread stops under it. */
export class ReportsThreadStopped extends Error {
  override name = 'ReportsThreadStopped';
}

export interface LiveReportsOptions {
  /** How long the thread's report slices are (batches apply between them; aborts stop at them). */
  sliceMs?: number;
  /** The thread stopped (crashed, or could not start) and what was done about it. */
  onError?: (error: unknown) => void;
  /** Restarts after a thread that stopped before it was ready, at most (then reports stay here). */
  maxFailedStarts?: number;
  /**
   * The thread's nice value (Linux; 0–19, default LIVE_REPORTS_NICE): above 0, the kernel gives this
   * process's main thread (estimates, the consumer's batches) the core first when both want one, and
   * the thread the rest. The process's share of the machine does not change with it.
   */
  nice?: number;
  /**
   * The thread's first state, shared from `main` beforehand (a caller that turned its event loop
   * while copying: `shareLiveEngineSteps`); nothing may have been applied to `main` since.
   */
  start?: SharedLiveEngine;
}

/**
 * The reports thread's default nice value (docs/LIVE.md "Insights while ingesting"): 0, as the main
 * thread, until a run on a quieter machine than bench/README.md's shows a higher one helps.
 */
export const LIVE_REPORTS_NICE = 0;

export interface LiveReports {
  /** The engine to give the consumer: the main engine, whose batches also go to the thread. */
  readonly engine: LiveAudienceEngine;
  /** Heavy work in the thread (on this thread, in slices, while it restarts). */
  readonly work: EngineWork;
  /** Resolves when the thread (or its replacement) has opened its engine. */
  ready(): Promise<void>;
  /** Tests: the thread now, and how many times it was restarted. */
  thread(): Worker | undefined;
  readonly restarts: number;
  /** Tests: tasks the thread stopped because they were aborted (rather than finished). */
  readonly stoppedOnAbort: number;
  /**
   * Sets the thread's nice value (and its replacements'); false where the system refuses or has
   * no per-thread priority (then it runs as the main thread does).
   */
  setNice(nice: number): boolean;
  /** The thread's nice value as set (undefined: never set, or refused). */
  readonly nice: number | undefined;
  /** Tests: the thread's kernel id (Linux), undefined before it is ready or elsewhere. */
  readonly tid: number | undefined;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  report: RunOptions['report'];
}

/**
 * A live engine's reports off the main thread (docs/LIVE.md "Insights while ingesting", step 2): a
 * worker thread holds a live engine of its own, opened from this engine's state, and is sent every
 * batch this engine is given, in order, on the port its tasks travel on. A task therefore answers on
 * the version its request pinned — every batch handed to the engine before it — and may read batches
 * this thread is still applying in chunks. The main thread only applies batches and answers
 * estimates. Memory: a second copy of the live index. When the thread stops (a crash, out of
 * memory), its tasks fail with `ReportsThreadStopped`, work runs here in slices meanwhile, and a new
 * thread starts from this engine's state between two batches.
 */
export function startLiveReports(main: LiveAudienceEngine, options: LiveReportsOptions = {}): LiveReports {
  const sliceMs = options.sliceMs ?? 10;
  const maxFailedStarts = options.maxFailedStarts ?? 3;
  const here = liveWork(main);
  const priority = threadPriority(options.nice ?? LIVE_REPORTS_NICE);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let worker: Worker | undefined;
  let ready: Promise<void> = Promise.resolve();
  let failedStarts = 0;
  let restarts = 0;
  let stoppedOnAbort = 0;
  let closed = false;
  /** The batch this engine is applying in chunks: a new thread's state is taken between batches. */
  let applying: Promise<unknown> | undefined;

  const send = (message: ToReports) => worker?.postMessage(message);

  function open(start: SharedLiveEngine): void {
    const data: ReportsWorkerData = { start, sliceMs };
    const thread = new Worker(WORKER, { workerData: data, execArgv: [] });
    worker = thread;
    let opened = false;
    ready = new Promise<void>((resolve) => {
      thread.on('message', (message: FromReports) => {
        if (message.type === 'ready') {
          priority.ready(message.tid);
          opened = true;
          failedStarts = 0;
          resolve();
        } else answer(message);
      });
      thread.once('exit', () => resolve());
    });
    let reason: unknown;
    thread.on('error', (error) => (reason = error));
    thread.once('exit', (code) => {
      if (worker === thread) {
        worker = undefined;
        priority.ready(undefined);
      }
      const why = reason instanceof Error ? reason.message : `exit code ${code}`;
      failAll(pending, () =>
        closed
          ? 'The audience engine was closed.'
          : `The live reports thread stopped (${why}); it is restarting. Try again.`,
      );
      if (closed) return;
      if (!opened) failedStarts++;
      options.onError?.(reason ?? new ReportsThreadStopped(`The live reports thread stopped (${why})`));
      if (failedStarts > maxFailedStarts) {
        options.onError?.(
          new ReportsThreadStopped(
            'The live reports thread could not start: reports stay on the main thread',
          ),
        );
        return;
      }
      // A thread that could not open its engine is tried again after a pause growing with each failure.
      setTimeout(() => {
        restart().catch((error: unknown) => options.onError?.(error));
      }, 1000 * failedStarts).unref();
    });
    for (const message of customAudiences(main)) thread.postMessage(message);
  }

  function answer(message: Exclude<FromReports, { type: 'ready' }>): void {
    const task = pending.get(message.id);
    if (!task) {
      if (message.type === 'failed' && message.name === 'AbortError') stoppedOnAbort++;
      return;
    }
    if (message.type === 'progress') return task.report?.(message.progress, message.stage);
    pending.delete(message.id);
    if (message.type === 'done') return task.resolve(message.value);
    const error = new Error(message.message);
    error.name = message.name;
    task.reject(error);
  }

  async function restart(): Promise<void> {
    // The deltas folded in slices first, so that the blocking fold below reads small logs; it still
    // rebuilds the index (`compact`), seconds at 400 k accounts on this thread (docs/LIVE.md).
    await main.compactInBackground();
    while (applying) await applying;
    if (closed || worker) return;
    restarts++;
    open(shareLiveEngine(main));
  }

  const engine = forwarding(main, send, (done) => {
    const clear = () => {
      if (applying === tracked) applying = undefined;
    };
    const tracked = done.then(clear, clear);
    applying = tracked;
  });

  const work: EngineWork = {
    threads: 1,
    async run(name, input, runOptions = {}) {
      const thread = worker;
      if (!thread) return here.run(name, input, runOptions);
      const { signal, report } = runOptions;
      signal?.throwIfAborted();
      const id = nextId++;
      return new Promise<TaskOutput<typeof name>>((resolve, reject) => {
        const onAbort = () => {
          if (!pending.delete(id)) return;
          thread.postMessage({ type: 'abort', id } satisfies ToReports);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('The report was aborted.'));
        };
        const done = () => signal?.removeEventListener('abort', onAbort);
        pending.set(id, {
          resolve: (value) => {
            done();
            resolve(value as TaskOutput<typeof name>);
          },
          reject: (error) => {
            done();
            reject(error);
          },
          report,
        });
        signal?.addEventListener('abort', onAbort, { once: true });
        const task: ToReports = { type: 'task', id, name, input, progress: !!report };
        thread.postMessage(task);
      });
    },
    async close() {
      closed = true;
      await worker?.terminate();
      await here.close();
    },
  };

  open(options.start ?? shareLiveEngine(main));
  return {
    engine,
    work,
    ready: () => ready,
    thread: () => worker,
    get restarts() {
      return restarts;
    },
    get stoppedOnAbort() {
      return stoppedOnAbort;
    },
    setNice: (value) => priority.set(value),
    get nice() {
      return priority.nice;
    },
    get tid() {
      return priority.tid;
    },
  };
}

/** The custom audiences registered on `main`, as the thread is sent them. */
const customAudiences = (main: LiveAudienceEngine) =>
  [...main.index.customAudiences].map(([name, set]): ToReports => ({
    type: 'custom',
    name,
    members: toSharedAccountSet(set),
  }));

/** Fails every task in flight with `ReportsThreadStopped` (the thread stopped under them). */
function failAll(pending: Map<number, Pending>, message: () => string): void {
  for (const [id, task] of pending) {
    pending.delete(id);
    task.reject(new ReportsThreadStopped(message()));
  }
}

/**
 * The thread's nice value (LiveReportsOptions.nice): set when the thread says its kernel id, again
 * for each replacement; `set` changes it for this thread and the next ones.
 */
function threadPriority(initial: number) {
  let nice = initial;
  let tid: number | undefined;
  let set: number | undefined;
  const apply = (): boolean => {
    set = undefined;
    if (tid === undefined) return false;
    try {
      setPriority(tid, nice);
      set = nice;
      return true;
    } catch {
      return false;
    }
  };
  return {
    /** The thread is ready with this kernel id (undefined: it stopped, or the system has none). */
    ready(id: number | undefined): void {
      tid = id;
      set = undefined;
      if (id !== undefined && nice !== 0) apply();
    },
    set(value: number): boolean {
      nice = value;
      return apply();
    },
    get nice() {
      return set;
    },
    get tid() {
      return tid;
    },
  };
}

/**
 * The main engine as the consumer is given it: every batch (and custom audience) it takes is posted
 * to the thread first, in order, so that the thread applies it while this thread does in chunks;
 * `tracking` is told of each batch applied in chunks. Everything else is the main engine's.
 */
function forwarding(
  main: LiveAudienceEngine,
  send: (message: ToReports) => void,
  tracking: (done: Promise<number>) => void,
): LiveAudienceEngine {
  return Object.create(main, {
    apply: {
      value: (events: Parameters<LiveAudienceEngine['apply']>[0], position?: Record<string, number>) => {
        send({ type: 'batch', events, position });
        return main.apply(events, position);
      },
    },
    applyInSlices: {
      value: (...args: Parameters<LiveAudienceEngine['applyInSlices']>) => {
        const [events, position] = args;
        send({ type: 'batch', events, position });
        const done = main.applyInSlices(...args);
        tracking(done);
        return done;
      },
    },
    registerCustomAudience: {
      value: (name: string, members: Parameters<LiveAudienceEngine['registerCustomAudience']>[1]) => {
        const set = main.registerCustomAudience(name, members);
        send({ type: 'custom', name, members: toSharedAccountSet(set) });
        return set;
      },
    },
    removeCustomAudience: {
      value: (name: string) => {
        send({ type: 'custom', name, members: undefined });
        return main.removeCustomAudience(name);
      },
    },
  }) as LiveAudienceEngine;
}
