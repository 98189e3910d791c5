import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  SHARE_STEP_WORDS,
  toSharedAccountSet,
  type LiveAudienceEngine,
  type SharedLiveEngine,
} from '@murmur/engine';
import type { TaskOutput } from './engine-tasks';
import { liveWork } from './engine-live-work';
import type { EngineWork, RunOptions } from './engine-work';
import { copyInSlices, sendStart, StartAbandoned, type ReportsStart } from './live-reports-start';
import type { FromReports, ReportsWorkerData, ToReports } from './live-reports-worker';

export type { ReportsStart } from './live-reports-start';

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
   * while copying: `shareLiveEngineSteps`); nothing may have been applied to `main` since. Without
   * it, the thread starts from `main`'s version now, copied in slices as a restart does.
   */
  start?: SharedLiveEngine;
  /**
   * Words a step of the start's copy moves, and term values a message carries to the thread (tests:
   * small, for many steps and pieces; default SHARE_STEP_WORDS).
   */
  shareStepWords?: number;
}

/**
 * The reports thread's default nice value (docs/LIVE.md "Insights while ingesting"): 0, as the main
 * thread, until a run on a quieter machine than bench/README.md's shows a higher one helps.
 */
export const LIVE_REPORTS_NICE = 0;

export interface LiveReports {
  /** The engine to give the consumer: the main engine, whose batches also go to the thread. */
  readonly engine: LiveAudienceEngine;
  /** Heavy work in the thread (on this thread, in slices, while it (re)starts). */
  readonly work: EngineWork;
  /** Resolves when the thread (or its replacement) has opened its engine. */
  ready(): Promise<void>;
  /** Tests: the thread now, and how many times it was restarted. */
  thread(): Worker | undefined;
  readonly restarts: number;
  /** The latest (re)start's copy (undefined: the thread was given its state, `start`). */
  readonly lastStart: ReportsStart | undefined;
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
 * worker thread holds a live engine of its own, opened from a version of this engine, and is sent
 * every batch this engine is given after that version, in order, on the port its tasks travel on. A
 * task therefore answers on the version its request pinned — every batch handed to the engine before
 * it — and may read batches this thread is still applying in chunks. The main thread only applies
 * batches and answers estimates. Memory: a second copy of the live index.
 *
 * Starting (and restarting) takes the version current between two batches, then copies it here in
 * slices of about a millisecond (`shareLiveEngineSteps`: its logs merged, no blocking `compact()`),
 * while the consumer's batches go on being applied here and are posted to the new thread, which
 * holds them until the copy comes and then applies them in order: nothing is lost or applied twice,
 * and estimates are answered from this engine's current version throughout. When the thread stops
 * (a crash, out of memory), its tasks fail with `ReportsThreadStopped`, work runs here in slices
 * meanwhile, and a new thread starts so.
 */
export function startLiveReports(main: LiveAudienceEngine, options: LiveReportsOptions = {}): LiveReports {
  const sliceMs = options.sliceMs ?? 10;
  const maxFailedStarts = options.maxFailedStarts ?? 3;
  const here = liveWork(main);
  const priority = threadPriority(options.nice ?? LIVE_REPORTS_NICE);
  const pending = new Map<number, Pending>();
  let nextId = 1;
  /** The thread batches are sent to: starting (holding them until its copy comes) or ready. */
  let receiving: Worker | undefined;
  /** The thread tasks are sent to: once its copy is sent (tasks wait there behind it). */
  let worker: Worker | undefined;
  let ready: Promise<void> = Promise.resolve();
  let lastStart: ReportsStart | undefined;
  let failedStarts = 0;
  let restarts = 0;
  let stoppedOnAbort = 0;
  let closed = false;
  /** The batch this engine is applying in chunks: a thread starts from the version between two. */
  let applying: Promise<unknown> | undefined;
  let betweenBatches: (() => void) | undefined;

  const send = (message: ToReports) => {
    if (message.type === 'batch' && lastStart && !lastStart.copied && receiving) lastStart.batches++;
    receiving?.postMessage(message);
  };

  /** Runs `then` now when no batch is being applied in chunks, else as soon as it is (before the next one). */
  function whenBetweenBatches(then: () => void): void {
    if (applying) betweenBatches = then;
    else then();
  }

  /**
   * A thread from `main`'s version now (call between batches), or from `start`: every batch and
   * custom audience given after it is posted to the thread from here on.
   */
  function launch(start?: SharedLiveEngine): void {
    const data: ReportsWorkerData = { sliceMs };
    const thread = new Worker(WORKER, { workerData: data, execArgv: [] });
    receiving = thread;
    let opened = false;
    ready = new Promise<void>((resolve) => {
      thread.on('message', (message: FromReports) => {
        if (message.type === 'ready') {
          priority.ready(message.tid);
          opened = true;
          failedStarts = 0;
          resolve();
        } else if (!answer(pending, message)) stoppedOnAbort++;
      });
      thread.once('exit', () => resolve());
    });
    let reason: unknown;
    thread.on('error', (error) => (reason = error));
    thread.once('exit', (code) => {
      if (receiving === thread) receiving = undefined;
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
        main.shareFolds(undefined);
        return;
      }
      // A thread that could not open its engine is tried again after a pause growing with each failure.
      setTimeout(restart, 1000 * failedStarts).unref();
    });
    // The custom audiences as they are at this version; later changes follow, in order, as batches do.
    for (const message of customAudiences(main)) thread.postMessage(message);
    const abandoned = () => closed || receiving !== thread;
    const piece = options.shareStepWords ?? SHARE_STEP_WORDS;
    const opening = (shared: SharedLiveEngine) => {
      // Tasks go to the thread from now on: they wait there behind its engine.
      worker = thread;
      sendStart(thread, shared, piece, abandoned);
    };
    if (start) {
      lastStart = undefined;
      opening(start);
      return;
    }
    // Held now, copied in slices; the batches sent meanwhile wait in the thread behind its copy.
    const { progress, copy } = copyInSlices(main, { sliceMs, stepWords: options.shareStepWords, abandoned });
    lastStart = progress;
    copy.then(opening, (error: unknown) => {
      if (error instanceof StartAbandoned) return;
      options.onError?.(error);
      void thread.terminate();
    });
  }

  /** A new thread from this engine's version between the next two batches (none while one runs or starts). */
  function restart(): void {
    whenBetweenBatches(() => {
      if (closed || receiving) return;
      restarts++;
      try {
        launch();
      } catch (error) {
        options.onError?.(error);
      }
    });
  }

  const engine = forwarding(main, send, (done) => {
    const clear = () => {
      if (applying !== tracked) return;
      applying = undefined;
      // The version after this batch, before the consumer's next one (this runs first).
      const then = betweenBatches;
      betweenBatches = undefined;
      then?.();
    };
    const tracked = done.then(clear, clear);
    applying = tracked;
  });

  const work: EngineWork = {
    threads: 1,
    async run(name, input, runOptions = {}) {
      if (!worker) return here.run(name, input, runOptions);
      return (await inThread(worker, pending, nextId++, name, input, runOptions)) as TaskOutput<typeof name>;
    },
    async close() {
      closed = true;
      main.shareFolds(undefined);
      // A thread starting is stopped too (its copy, at its next slice, releases the version).
      await receiving?.terminate();
      await here.close();
    },
  };

  // The main engine's compactions are made in shared memory and followed there (docs/LIVE.md).
  main.shareFolds((fold) => send({ type: 'fold', fold }));
  launch(options.start);
  return {
    engine,
    work,
    ready: () => ready,
    thread: () => worker,
    get restarts() {
      return restarts;
    },
    get lastStart() {
      return lastStart;
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

/**
 * Hands a message of the thread to its task in `pending`; false for a task the thread stopped
 * because it was aborted, after it was answered here (counted: LiveReports.stoppedOnAbort).
 */
function answer(pending: Map<number, Pending>, message: Exclude<FromReports, { type: 'ready' }>): boolean {
  const task = pending.get(message.id);
  if (!task) return !(message.type === 'failed' && message.name === 'AbortError');
  if (message.type === 'progress') {
    task.report?.(message.progress, message.stage);
    return true;
  }
  pending.delete(message.id);
  if (message.type === 'done') task.resolve(message.value);
  else {
    const error = new Error(message.message);
    error.name = message.name;
    task.reject(error);
  }
  return true;
}

/** Runs a task in the thread (its answer comes through `pending`); aborted, the thread is told. */
function inThread(
  thread: Worker,
  pending: Map<number, Pending>,
  id: number,
  name: string,
  input: unknown,
  { signal, report }: RunOptions,
): Promise<unknown> {
  signal?.throwIfAborted();
  return new Promise<unknown>((resolve, reject) => {
    const onAbort = () => {
      if (!pending.delete(id)) return;
      thread.postMessage({ type: 'abort', id } satisfies ToReports);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('The report was aborted.'));
    };
    const done = () => signal?.removeEventListener('abort', onAbort);
    pending.set(id, {
      resolve: (value) => {
        done();
        resolve(value);
      },
      reject: (error) => {
        done();
        reject(error);
      },
      report,
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    thread.postMessage({ type: 'task', id, name, input, progress: !!report } satisfies ToReports);
  });
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
