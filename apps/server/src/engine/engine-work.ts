import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { AudienceEngine, SharedEngine } from '@murmur/engine';
import {
  engineTasks,
  type ReportStage,
  type TaskInput,
  type TaskName,
  type TaskOutput,
} from './engine-tasks';
import type { EngineWorkerData, WorkerTask } from './engine-worker';

export interface RunOptions {
  /** Aborts the task: dropped from the queue, or its worker thread stopped (and replaced) mid-run. */
  signal?: AbortSignal | undefined;
  report?: ReportStage | undefined;
}

/**
 * The asynchronous surface for heavy engine work (insights, comparisons, competitor analysis), so
 * that the main thread stays free for requests; estimates, lookups and autocomplete stay on the
 * main thread's `AudienceEngine`, where they take well under a millisecond.
 */
export interface EngineWork {
  /** Worker threads running the tasks; 0 when they run on this thread. */
  readonly threads: number;
  run<K extends TaskName>(name: K, input: TaskInput<K>, options?: RunOptions): Promise<TaskOutput<K>>;
  close(): Promise<void>;
}

type AnyTask = (engine: AudienceEngine, input: unknown, report: ReportStage) => unknown;
const noProgress: ReportStage = () => undefined;

/** ENGINE_WORKERS=0 and tests without threads: the same tasks on this thread, after pending I/O. */
export function inProcessWork(engine: AudienceEngine): EngineWork {
  return {
    threads: 0,
    async run(name, input, options = {}) {
      await new Promise((resolve) => setImmediate(resolve));
      options.signal?.throwIfAborted();
      return (engineTasks[name] as AnyTask)(engine, input, options.report ?? noProgress) as TaskOutput<
        typeof name
      >;
    },
    close: () => Promise.resolve(),
  };
}

// A plain module that registers tsx, then loads engine-worker.ts (see its comment).
const WORKER = new URL('./engine-worker.mjs', import.meta.url).href;

export interface EnginePoolOptions {
  threads: number;
  /** Errors of a worker thread outside any task (e.g. it could not load); a task's own reject its run. */
  onError?: (error: unknown) => void;
}

/**
 * A piscina pool whose threads read the shared engine's index in place (only the term dictionary
 * and catalogues are copied into each). Each task carries the main engine's custom audiences (shared
 * bitsets), so audiences registered after the pool started are visible to every thread. Threads
 * start with the pool and stay up: a thread's dictionary and memoised network communities would
 * otherwise be rebuilt after each idle spell.
 */
export function createEnginePool(shared: SharedEngine, options: EnginePoolOptions): EngineWork {
  const workerData: EngineWorkerData = { index: shared.index };
  const pool = new Piscina({
    filename: WORKER,
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: Infinity,
    // Not the parent's `--import tsx`: the bootstrap registers tsx itself (~10 MB less per thread).
    execArgv: [],
    workerData,
  });
  pool.on('error', options.onError ?? (() => undefined));
  let closed = false;
  return {
    threads: options.threads,
    async run(name, input, runOptions = {}) {
      if (closed) throw new Error('The engine worker pool is closed.');
      const { report, signal } = runOptions;
      const channel = report ? new MessageChannel() : undefined;
      channel?.port1.on('message', (m: { progress: number; stage: string }) => report?.(m.progress, m.stage));
      const task: WorkerTask = {
        name,
        input,
        customAudiences: shared.customAudiences(),
        progress: channel?.port2,
      };
      // The worker closes its end when the task ends, after its last progress message: that close
      // arrives after those messages, whereas the result comes on another channel and may overtake them.
      const drained = channel && new Promise<void>((resolve) => channel.port1.once('close', resolve));
      try {
        return (await pool.run(task, {
          ...(channel && { transferList: [channel.port2] }),
          ...(signal && { signal }),
        })) as TaskOutput<typeof name>;
      } finally {
        if (drained) {
          // A worker that died never closes its end: progress still in flight then is dropped.
          await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 200).unref())]);
          channel.port1.close();
        }
      }
    },
    close() {
      closed = true;
      return pool.destroy();
    },
  };
}
