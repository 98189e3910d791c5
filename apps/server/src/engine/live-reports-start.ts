import type { Worker } from 'node:worker_threads';
import {
  LIVE_SLICE_MS,
  shareLiveEngineSteps,
  type LiveAudienceEngine,
  type SharedLiveEngine,
  type Steps,
} from '@murmur/engine';
import type { ToReports } from './live-reports-worker';

// The live reports thread's start (docs/LIVE.md "Insights while ingesting"): the main engine's version
// copied on the main thread in slices of about LIVE_SLICE_MS, then sent to the thread in pieces, while
// the main thread goes on applying batches and answering estimates between them.

/** How the main thread copied its engine for the latest (re)start of the reports thread (benches, tests). */
export interface ReportsStart {
  /** Slices of the copy (the event loop turned between them), and the longest one's wall time (ms). */
  slices: number;
  longestSliceMs: number;
  /** Steps of the copy, and the most words one step copied (live-share.ts). */
  steps: number;
  longestStepWords: number;
  /** Batches sent to the thread while the copy was made: it applies them once it has opened the copy. */
  batches: number;
  /** The copy is done and sent (the thread may still be opening it). */
  copied: boolean;
}

/** The copy for a thread that stopped (or a server that closed) before it was done. */
export class StartAbandoned extends Error {}

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Holds `main`'s version now (call it between two batches) and copies it in slices of at most
 * `sliceMs` (LIVE_SLICE_MS), steps of `stepWords`; rejects with StartAbandoned, the version released,
 * at the first pause after `abandoned` says so.
 */
export function copyInSlices(
  main: LiveAudienceEngine,
  options: { sliceMs: number; stepWords?: number | undefined; abandoned: () => boolean },
): { progress: ReportsStart; copy: Promise<SharedLiveEngine> } {
  const progress: ReportsStart = {
    slices: 0,
    longestSliceMs: 0,
    steps: 0,
    longestStepWords: 0,
    batches: 0,
    copied: false,
  };
  const steps = shareLiveEngineSteps(main, {
    ...(options.stepWords !== undefined && { stepWords: options.stepWords }),
    onStep: (words) => {
      progress.steps++;
      progress.longestStepWords = Math.max(progress.longestStepWords, words);
    },
  });
  const sliceMs = Math.min(options.sliceMs, LIVE_SLICE_MS);
  return { progress, copy: slices(steps, progress, sliceMs, options.abandoned) };
}

async function slices(
  steps: Steps<SharedLiveEngine>,
  progress: ReportsStart,
  sliceMs: number,
  abandoned: () => boolean,
): Promise<SharedLiveEngine> {
  for (;;) {
    // The first slice runs now, in the caller's turn: the version is held there.
    const started = performance.now();
    let next = steps.next();
    while (!next.done && performance.now() - started < sliceMs) next = steps.next();
    const ms = performance.now() - started;
    progress.slices++;
    progress.longestSliceMs = Math.max(progress.longestSliceMs, ms);
    if (next.done) {
      progress.copied = true;
      return next.value;
    }
    await immediate();
    if (abandoned()) {
      steps.return(undefined as never);
      throw new StartAbandoned();
    }
  }
}

/**
 * Sends the thread its engine: the term dictionary's values (millions of strings in a real index,
 * which structured cloning copies: a million took 20 ms) go ahead in pieces of `piece`, a turn of
 * the event loop apart, then the rest. Stops once `abandoned` says so.
 */
export function sendStart(
  thread: Worker,
  start: SharedLiveEngine,
  piece: number,
  abandoned: () => boolean,
): void {
  const { values } = start.index.terms;
  const rest: SharedLiveEngine = {
    ...start,
    index: { ...start.index, terms: { ...start.index.terms, values: [] } },
  };
  void (async () => {
    for (let from = 0; from < values.length; from += piece) {
      if (from > 0) await immediate();
      if (abandoned()) return;
      thread.postMessage({ type: 'terms', values: values.slice(from, from + piece) } satisfies ToReports);
    }
    if (!abandoned()) thread.postMessage({ type: 'start', start: rest } satisfies ToReports);
  })();
}
