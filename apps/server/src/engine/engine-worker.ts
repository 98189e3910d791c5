import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'piscina';
import { engineFromShared, type SharedCustomAudiences, type SharedIndex } from '@murmur/engine';
import { engineTasks, type ReportStage, type TaskName } from './engine-tasks';

/** What each pool thread starts with (piscina's workerData): the index in shared memory. */
export interface EngineWorkerData {
  index: SharedIndex;
}

/** One task as the pool posts it. */
export interface WorkerTask {
  name: TaskName;
  input: unknown;
  /** The main engine's custom audiences (shared bitsets); applied when their version changed. */
  customAudiences: SharedCustomAudiences;
  /** Where progress goes (a transferred MessageChannel port), when the caller wants it. */
  progress: MessagePort | undefined;
}

type AnyTask = (engine: unknown, input: unknown, report: ReportStage) => unknown;

// Once per thread: wraps the shared arrays (no copy) and rebuilds the term dictionary and catalogues.
const worker = engineFromShared((workerData as EngineWorkerData).index);

/** Piscina calls this for each task (see engine-worker.mjs for how this TypeScript file is loaded). */
export default function runEngineTask(task: WorkerTask): unknown {
  worker.useCustomAudiences(task.customAudiences);
  const { progress } = task;
  const report: ReportStage = (percent, stage) => progress?.postMessage({ progress: percent, stage });
  try {
    return (engineTasks[task.name] as AnyTask)(worker.engine, task.input, report);
  } finally {
    progress?.close();
  }
}
