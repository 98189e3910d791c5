import { readlinkSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { LiveEvent } from '@murmur/core/live';
import {
  accountSetFromShared,
  liveEngineFromShared,
  type FoldMessage,
  type LiveAudienceEngine,
  type SharedAccountSet,
  type SharedLiveEngine,
  type StreamPosition,
} from '@murmur/engine';
import {
  engineTasks,
  insightsAudiences,
  insightsReply,
  type InsightsInput,
  type ReportStage,
} from './engine-tasks';

/**
 * The live reports thread (docs/LIVE.md "Insights while ingesting", step 2): it holds a live engine
 * of its own, opened from a version of the main engine (`shareLiveEngineSteps`, sent as `start`), and
 * is sent every batch the main engine applies after that version, in the same order, on the same port
 * as the tasks. The batches sent before `start` (while the main thread was copying the version) wait
 * here until it comes. A task therefore reads exactly the batches sent before it: the version its
 * request pinned.
 */
export type ToReports =
  | { type: 'terms'; values: readonly string[] }
  | { type: 'start'; start: SharedLiveEngine }
  | { type: 'batch'; events: readonly LiveEvent[]; position: StreamPosition | undefined }
  /** The main engine's compaction, followed (its folded base adopted, not folded again here). */
  | { type: 'fold'; fold: FoldMessage }
  | { type: 'custom'; name: string; members: SharedAccountSet | undefined }
  | { type: 'task'; id: number; name: string; input: unknown; progress: boolean }
  | { type: 'abort'; id: number };

export type FromReports =
  | { type: 'ready'; tid: number | undefined }
  | { type: 'progress'; id: number; progress: number; stage: string }
  | { type: 'done'; id: number; value: unknown }
  | { type: 'failed'; id: number; name: string; message: string };

/** What the thread starts with: how long a report's slices are (its engine comes as `start`). */
export interface ReportsWorkerData {
  sliceMs: number;
}

type AnyTask = (engine: unknown, input: unknown, report: ReportStage) => unknown;

const data = workerData as ReportsWorkerData;
const port = parentPort!;
/** Opened when `start` comes; nothing reads it before (the messages before `start` wait in `early`). */
let engine!: LiveAudienceEngine;
let opened = false;
const early: Exclude<ToReports, { type: 'start' | 'terms' }>[] = [];
/** The term dictionary's values, sent ahead of `start` in pieces. */
const termValues: string[] = [];
const running = new Set<number>();
const aborted = new Set<number>();
const post = (message: FromReports) => port.postMessage(message);
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

class Aborted extends Error {
  override name = 'AbortError';
  constructor() {
    super('The report was aborted.');
  }
}

/** Insights in slices on the version current now (pinned): batches apply between slices, aborts stop it. */
async function insights(id: number, input: InsightsInput, report: ReportStage): Promise<unknown> {
  // Evaluated and pinned in the same turn: the audience is the pinned version's.
  const { audience, baseline } = insightsAudiences(engine, input, report);
  const accounts = engine.stats.accounts;
  const result = await engine.insightsInSlices(audience, undefined, baseline, {
    sliceMs: data.sliceMs,
    pause: async () => {
      await immediate();
      if (aborted.has(id)) throw new Aborted();
    },
  });
  return insightsReply(accounts, audience, baseline, result);
}

/**
 * A diagnostic for benchmarks (bench/README.md "bench:live"): with LIVE_REPORTS_CPU_PROFILE set to a
 * directory, this thread's CPU profile from the end of one report to the end of the next (the
 * batches held meanwhile, then the report) is written there as
 * reports-<n>-v<version>-e<events applied>.cpuprofile. A profile that cannot be written is skipped:
 * the report's answer is not the diagnostic's.
 */
const profileDir = process.env.LIVE_REPORTS_CPU_PROFILE;
const session = profileDir ? new Session() : undefined;
let profiled = 0;
let eventsApplied = 0;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
async function withProfile<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    if (session && profileDir) {
      try {
        const { profile } = await session.post('Profiler.stop');
        const name = `reports-${++profiled}-v${engine.version}-e${eventsApplied}.cpuprofile`;
        writeFileSync(join(profileDir, name), JSON.stringify(profile));
      } catch {
        // This report's profile is lost; the next one is taken afresh.
      }
      await session.post('Profiler.start').catch(() => undefined);
    }
  }
}

/**
 * A diagnostic for benchmarks: with LIVE_REPORTS_TRACE=1, one line on stderr per report: the wall
 * time this thread spent applying batches (and adopting folds) since the last report ended, of it
 * the batches held during that report, and the report's own phases.
 */
const trace =
  process.env.LIVE_REPORTS_TRACE === '1' ? { applyMs: 0, events: 0, heldMs: 0, folds: 0 } : undefined;
function traced(what: () => void, events: number): void {
  if (!trace) return what();
  const t = performance.now();
  what();
  trace.applyMs += performance.now() - t;
  trace.events += events;
}

async function runTask(message: Extract<ToReports, { type: 'task' }>): Promise<void> {
  const { id, name, input } = message;
  const report: ReportStage = (progress, stage) => {
    if (message.progress) post({ type: 'progress', id, progress, stage });
  };
  running.add(id);
  const started = performance.now();
  try {
    const value =
      name === 'insights'
        ? await withProfile(() => insights(id, input as InsightsInput, report))
        : (engineTasks[name as keyof typeof engineTasks] as AnyTask)(engine, input, report);
    post({ type: 'done', id, value });
    if (trace && name === 'insights') {
      const own = (value as { insights?: { ms?: number } }).insights?.ms;
      process.stderr.write(
        `reports-trace: report ${(performance.now() - started).toFixed(0)} ms (steps ${own} ms); before it ${trace.events} events applied in ${trace.applyMs.toFixed(0)} ms, of which held ${trace.heldMs.toFixed(0)} ms; folds ${trace.folds}\n`,
      );
      Object.assign(trace, { applyMs: 0, events: 0, heldMs: 0, folds: 0 });
    }
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    post({ type: 'failed', id, name: e.name, message: e.message });
  } finally {
    running.delete(id);
    aborted.delete(id);
  }
}

/**
 * Messages held while a report runs, in arrival order (docs/LIVE.md "Insights while ingesting"): the
 * report reads the version its request pinned, so the batches that arrive meanwhile wait until it
 * ends instead of competing with it for this thread, and tasks asked after them wait behind them.
 */
const held: ToReports[] = [];
let reporting = false;

function handle(message: Exclude<ToReports, { type: 'abort' | 'start' | 'terms' }>): void {
  switch (message.type) {
    case 'batch':
      // The main engine applied (or is applying) the same batch: an error there is its caller's.
      try {
        eventsApplied += message.events.length;
        traced(() => engine.apply(message.events, message.position), message.events.length);
      } catch {
        // The same events fail the same way on the main engine, which reports it.
      }
      return;
    case 'fold':
      if (trace) trace.folds++;
      traced(() => engine.followFold(message.fold), 0);
      return;
    case 'custom':
      if (message.members) engine.registerCustomAudience(message.name, accountSetFromShared(message.members));
      else engine.removeCustomAudience(message.name);
      return;
    case 'task':
      if (message.name !== 'insights') {
        void runTask(message);
        return;
      }
      reporting = true;
      void runTask(message).finally(() => {
        reporting = false;
        release();
      });
      return;
  }
}

/** What was held, in order, until the next report starts (its successors wait again). */
function release(): void {
  const t = performance.now();
  while (!reporting && held.length > 0)
    handle(held.shift() as Exclude<ToReports, { type: 'abort' | 'start' | 'terms' }>);
  if (trace) trace.heldMs += performance.now() - t;
}

function receive(message: Exclude<ToReports, { type: 'start' | 'terms' }>): void {
  if (message.type === 'abort') {
    if (running.has(message.id)) aborted.add(message.id);
    // A task aborted before it started is dropped, answered with its abort.
    const at = held.findIndex((m) => m.type === 'task' && m.id === message.id);
    if (at >= 0) {
      held.splice(at, 1);
      post({ type: 'failed', id: message.id, name: 'AbortError', message: new Aborted().message });
    }
    return;
  }
  if (reporting) held.push(message);
  else handle(message);
}

port.on('message', (message: ToReports) => {
  if (message.type === 'terms') {
    for (const value of message.values) termValues.push(value);
    return;
  }
  if (message.type !== 'start') {
    if (opened) receive(message);
    else early.push(message);
    return;
  }
  const { start } = message;
  const terms = { ...start.index.terms, values: [...start.index.terms.values, ...termValues] };
  // The main engine's room for accounts, no more (a fold it shares is of its size), and its folds followed.
  engine = liveEngineFromShared(
    { ...start, index: { ...start.index, terms } },
    { headroom: 0, compaction: 'follow' },
  );
  termValues.length = 0;
  opened = true;
  for (const waiting of early.splice(0)) receive(waiting);
  post({ type: 'ready', tid: kernelThreadId() });
});
/** This thread's id in the kernel (Linux: /proc/thread-self), so the main thread can lower its priority. */
function kernelThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}
