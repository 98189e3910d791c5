// apply() throughput of the live engine (a benchmark, not a test): posts/s, likes/s and follow
// events/s per batch size beside the live path's per-core targets, and estimate / insights latency while
// ingesting beside the same figures idle. Usage: npm run bench:live-apply -- [accounts] (default 100 000).
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { LiveEvent } from '@murmur/core/live';
import { buildIndex } from '../../packages/engine/src/ingest/build-index';
import { seededRandom } from '../../packages/engine/src/testing/random';
import { syntheticNetwork } from './synthetic-network';
import { memoryPagesLine } from '../memory-pages';
import { pkg } from '../../packages/engine/src/testing/network-a';
import { LIVE_BUILD_OPTIONS, liveEngine } from '../../packages/engine/src/live/live-engine';
import { LIVE_SLICE_MS } from '../../packages/engine/src/live/live-types';
import { engineTasks } from '../../apps/server/src/engine/engine-tasks';
import {
  startLiveReports,
  type LiveReports,
  type ReportsStart,
} from '../../apps/server/src/engine/live-reports';

const N = Number(process.argv[2] ?? 100_000);
const TARGETS = { posts: 20_000, likes: 50_000, follows: 5_000 };
const BATCHES = [100, 1_000, 5_000];
const EVENTS_PER_RUN = Math.max(20_000, Math.min(100_000, N / 10));
const rand = seededRandom(1);
const { WORDS, LANGS, word, records } = syntheticNetwork(N, rand);

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const t0 = performance.now();
const engine = liveEngine(await buildIndex(records(), LIVE_BUILD_OPTIONS));
console.log(
  `accounts ${N.toLocaleString('en')}, posts ${(3 * N).toLocaleString('en')}, follows ${(20 * N).toLocaleString('en')}; ` +
    `build ${((performance.now() - t0) / 1000).toFixed(1)} s; heap ${mb(process.memoryUsage().heapUsed)}, ` +
    `rss ${mb(process.memoryUsage().rss)}; ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${memoryPagesLine()}`,
);

const acct = () => String(1e7 + Math.floor(rand() * N));
let postId = 5e9;
const make: Record<keyof typeof TARGETS, () => LiveEvent> = {
  posts: () => {
    const id = String(postId++);
    return {
      type: 'post',
      key: `post:${id}`,
      at: 1,
      post: {
        id,
        author: acct(),
        created: '',
        lang: LANGS[Math.floor(rand() * LANGS.length)]!,
        text: `${word()} ${word()} live words`,
        hashtags: ['tag'],
        mentions: [],
        replyTo: null,
        repostOf: null,
        quoteOf: null,
      },
    };
  },
  likes: () => {
    const post = String(1e9 + Math.floor(rand() * N * 3));
    const user = acct();
    return { type: 'like', key: `like:${user}:${post}`, at: 1, user, post, author: '' };
  },
  follows: () => {
    const from = acct();
    const to = acct();
    const type = rand() < 0.8 ? 'follow' : 'unfollow';
    return { type, key: `${type}:${from}:${to}:${rand()}`, at: 1, from, to };
  },
};

// Estimates as the creator sends them while typing; the insights audience is ~40 % of accounts.
const ESTIMATES = [
  pkg({ keywords: [{ label: WORDS[7]! }, { label: WORDS[99]! }] }),
  pkg({ languages: [{ label: 'Japanese' }], interests: [{ label: 'Science' }] }),
  pkg({ handles: [{ label: '@u1' }, { label: '@u2' }, { label: '@u3' }] }),
  pkg({ keywords: [{ label: 'live words' }], languages: [{ label: 'English' }] }),
];
const INSIGHTS = pkg({ languages: [{ label: 'English' }] });
const percentile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const withoutMs = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'ms' ? undefined : v)));
function estimateRound(into: number[]): void {
  for (const p of ESTIMATES) {
    const s = performance.now();
    engine.estimate(p);
    into.push(performance.now() - s);
  }
}
function insightsOnce(): number {
  const s = performance.now();
  engine.insights(engine.evaluate(INSIGHTS));
  return performance.now() - s;
}

const idle: number[] = [];
for (let i = 0; i < 50; i++) estimateRound(idle);
const idleInsights = [insightsOnce(), insightsOnce(), insightsOnce()];
console.log(
  `idle: estimate p50 ${ms(percentile(idle, 0.5))} p95 ${ms(percentile(idle, 0.95))}; insights (${engine
    .evaluate(INSIGHTS)
    .sampleCount.toLocaleString('en')} members) p50 ${ms(percentile(idleInsights, 0.5))}`,
);

// LIVE_APPLY_ONLY=reports: only the reports while ingesting (below), not the rates nor compaction.
const ONLY_REPORTS = process.env.LIVE_APPLY_ONLY === 'reports';
for (const batch of ONLY_REPORTS ? [] : BATCHES) {
  const during: number[] = [];
  const line: string[] = [];
  for (const kind of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    const rounds = Math.max(1, Math.floor(EVENTS_PER_RUN / batch));
    let applyMs = 0;
    let cpuMs = 0;
    for (let r = 0; r < rounds; r++) {
      const events = Array.from({ length: batch }, make[kind]);
      const s = performance.now();
      const c = process.cpuUsage();
      engine.apply(events);
      const used = process.cpuUsage(c);
      cpuMs += (used.user + used.system) / 1000;
      applyMs += performance.now() - s;
      // A query arrives after each batch: the first read of a changed term pays for its merge.
      if (r % Math.max(1, Math.floor(rounds / 50)) === 0) estimateRound(during);
      // The consumer awaits its next messages: a background compaction slice may run here.
      await tick();
    }
    // Wall-clock rate, and the rate per CPU second of this process (what one free core would do;
    // the two differ when other processes share the cores: see the load figure).
    const rate = (rounds * batch) / (applyMs / 1000);
    const perCpu = (rounds * batch) / (cpuMs / 1000);
    line.push(
      `${kind} ${Math.round(rate).toLocaleString('en')}/s wall, ${Math.round(perCpu).toLocaleString('en')}/cpu-s ` +
        `(target ${TARGETS[kind].toLocaleString('en')})`,
    );
  }
  const ingestInsights = [insightsOnce(), insightsOnce()];
  const stats = engine.liveStats();
  console.log(
    `batch ${batch}: ${line.join(', ')}; estimate during ingest p50 ${ms(percentile(during, 0.5))} ` +
      `p95 ${ms(percentile(during, 0.95))}; insights first ${ms(ingestInsights[0]!)} (first read of the version), again ${ms(ingestInsights[1]!)}; ` +
      `delta ${mb(stats.deltaBytes)} over ${stats.deltaTerms.toLocaleString('en')} terms, ` +
      `${stats.compactions} compactions (background, in slices); load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}
// Reports while ingesting (docs/LIVE.md "Insights while ingesting"): events arriving at INGEST_RATE
// a second (mixed posts, likes, follow events), applied as a consumer would — in batches of up to
// 1 000 whenever the loop is free; estimate requests arriving every 5 ms; and insights reports back
// to back. An estimate request comes from another thread, as a request on a socket does (the main
// thread sees it when its loop polls for I/O), stamped with the time it was sent: its latency runs
// from that arrival to its answer, the wait for the loop included. Two ways of sharing the thread,
// in the same run: `before` — each batch applied at once, report slices of 4 ms (the previous round);
// `after` — batches in chunks of about LIVE_SLICE_MS (`applyInSlices`), report slices of
// LIVE_SLICE_MS. Reports: `none` (3 s of the same ingest and requests, no report), `blocking` (the
// report at once on the main thread), `sliced` (`insightsInSlices`, on the pinned version) or
// `thread` (the live reports thread, apps/server/src/engine/live-reports.ts: the report off this
// thread; from its start on, every batch is also posted to it, in every mode).
// Background compaction slices are LIVE_SLICE_MS in both (an engine option). Usage:
// npm run bench:live-apply -- [accounts] [events per second, default 5 000] [reports per mode, default 5].
const INGEST_RATE = Number(process.argv[3] ?? 5_000);
const REPORTS = Number(process.argv[4] ?? 5);
const sleep = () => new Promise((resolve) => setTimeout(resolve, 1));
const EVERY_MS = 5;
const requester = new Worker(
  `const { parentPort, workerData } = require('node:worker_threads');
   const now = () => performance.timeOrigin + performance.now();
   const start = now();
   let i = 0;
   const next = () => {
     parentPort.postMessage(now());
     i++;
     setTimeout(next, Math.max(0, start + i * workerData.every - now()));
   };
   next();`,
  { eval: true, workerData: { every: EVERY_MS } },
);
requester.unref();
let onRequest: ((sentAt: number) => void) | undefined;
requester.on('message', (sentAt: number) => onRequest?.(sentAt));
let reportsThread: LiveReports | undefined;

/**
 * Events arriving at INGEST_RATE a second, applied as a consumer would (batches of up to 1 000 when
 * the loop is free) — in chunks (`after`, through the reports thread's engine once it is started) or
 * at once (`before`) — until `stop`.
 */
function ingesting(way: 'before' | 'after') {
  const stats = { applied: 0, batches: 0, behind: 0, longestChunk: 0 };
  let running = true;
  const start = performance.now();
  const done = (async () => {
    while (running) {
      const due = Math.floor(((performance.now() - start) / 1000) * INGEST_RATE) - stats.applied;
      stats.behind = Math.max(stats.behind, due);
      if (due <= 0) {
        await sleep();
        continue;
      }
      const size = Math.min(due, 1_000);
      const events = Array.from({ length: size }, (_, i) =>
        make[(['posts', 'likes', 'follows'] as const)[i % 3]!](),
      );
      if (way === 'after')
        await (reportsThread?.engine ?? engine).applyInSlices(events, undefined, {
          onChunk: (_, ms) => (stats.longestChunk = Math.max(stats.longestChunk, ms)),
        });
      else {
        const s = performance.now();
        engine.apply(events);
        stats.longestChunk = Math.max(stats.longestChunk, performance.now() - s);
      }
      stats.applied += size;
      stats.batches++;
      await tick();
    }
  })();
  return {
    stats,
    async stop() {
      running = false;
      await done;
      return stats;
    },
  };
}

/** The main thread's event-loop delay (1 ms resolution) from now until `stop`: its longest hold. */
function loopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  return () => {
    histogram.disable();
    return histogram.max / 1e6;
  };
}

/** What the thread's latest start copied here (the start given by the old blocking copy has none). */
const startFigures = (start: ReportsStart | undefined) =>
  start
    ? `copied here in ${start.slices.toLocaleString('en')} slices (longest ${ms(start.longestSliceMs)}), ` +
      `${start.steps.toLocaleString('en')} steps of at most ${start.longestStepWords.toLocaleString('en')} words, ` +
      `${start.batches} batches sent to the thread meanwhile`
    : 'copied at once';

async function reportsWhileIngesting(
  report: 'none' | 'blocking' | 'sliced' | 'thread' | 'thread-nice0',
  way: 'before' | 'after',
  reports: number,
) {
  const latencies: number[] = [];
  const computing: number[] = [];
  const reportMs: number[] = [];
  const slices: number[] = [];
  const inSlices: number[] = [];
  const start = performance.now();
  const ingest = ingesting(way);
  let answered = 0;
  onRequest = (sentAt) => {
    const s = performance.now();
    engine.estimate(ESTIMATES[answered++ % ESTIMATES.length]!);
    computing.push(performance.now() - s);
    latencies.push(performance.timeOrigin + performance.now() - sentAt);
  };
  while (report === 'none' && performance.now() - start < 3_000) await sleep();
  for (let r = 0; r < (report === 'none' ? 0 : reports); r++) {
    const s = performance.now();
    let sum = 0;
    if (report === 'thread' || report === 'thread-nice0')
      await reportsThread!.work.run('insights', { pkg: INSIGHTS });
    else if (report === 'sliced')
      await engine.insightsInSlices(engine.evaluate(INSIGHTS), undefined, undefined, {
        sliceMs: way === 'after' ? LIVE_SLICE_MS : 4,
        onSlice: (ms) => {
          slices.push(ms);
          sum += ms;
        },
      });
    else {
      await tick();
      engine.insights(engine.evaluate(INSIGHTS));
    }
    reportMs.push(performance.now() - s);
    inSlices.push(sum);
  }
  onRequest = undefined;
  const { applied, batches, behind, longestChunk } = await ingest.stop();
  const sliced =
    slices.length > 0
      ? ` (in its slices p50 ${ms(percentile(inSlices, 0.5))}), ${slices.length} slices, slice p50 ${ms(percentile(slices, 0.5))} longest ${ms(Math.max(...slices))}`
      : '';
  const nice = report.startsWith('thread') ? ` (thread nice ${reportsThread?.nice ?? 'not set'})` : '';
  console.log(
    `reports while ingesting ${INGEST_RATE.toLocaleString('en')} events/s, ${report}${nice}, ${way}: ${reports} reports ` +
      `(${engine.evaluate(INSIGHTS).sampleCount.toLocaleString('en')} members) wall p50 ${ms(percentile(reportMs, 0.5))} ` +
      `max ${ms(Math.max(0, ...reportMs))}${sliced}; ${applied.toLocaleString('en')} events in ${batches} batches (longest ` +
      `${way === 'after' ? 'chunk' : 'batch'} ${ms(longestChunk)}), at most ${behind.toLocaleString('en')} waiting; estimates ` +
      `(arrival to answer, ${latencies.length}) p50 ${ms(percentile(latencies, 0.5))} (target 1 ms) p95 ` +
      `${ms(percentile(latencies, 0.95))} max ${ms(Math.max(...latencies))}, computing p50 ${ms(percentile(computing, 0.5))} ` +
      `p95 ${ms(percentile(computing, 0.95))}; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}
// LIVE_APPLY_REPORTS=main: the previous round's modes (before/after on this thread), no thread.
const ON_MAIN = process.env.LIVE_APPLY_REPORTS === 'main';
for (const [report, way] of ON_MAIN
  ? ([
      ['none', 'before'],
      ['none', 'after'],
      ['sliced', 'before'],
      ['sliced', 'after'],
      ['sliced', 'before'],
      ['sliced', 'after'],
    ] as const)
  : ([
      ['none', 'after'],
      ['thread-nice0', 'after'],
      ['thread', 'after'],
      ['thread-nice0', 'after'],
      ['thread', 'after'],
      ['none', 'after'],
    ] as const)) {
  if (report.startsWith('thread') && !reportsThread) {
    // As the server starts it: the version current now, copied on this thread in slices.
    const rss = process.memoryUsage().rss;
    const delay = loopDelay();
    const s = performance.now();
    reportsThread = startLiveReports(engine);
    const call = performance.now() - s;
    while (reportsThread.lastStart && !reportsThread.lastStart.copied) await sleep();
    const copied = performance.now() - s;
    await reportsThread.ready();
    console.log(
      `live reports thread: start ${ms(call)} (this thread, at once), then ${startFigures(reportsThread.lastStart)} ` +
        `in ${ms(copied)}; the thread's engine open ${ms(performance.now() - s)} after; this thread's longest ` +
        `hold meanwhile (event-loop delay) ${ms(delay())}; rss ${mb(rss)} → ${mb(process.memoryUsage().rss)}`,
    );
  }
  // `thread`: at nice 10 (below the main thread); `thread-nice0`: as the main thread (the default,
  // LIVE_REPORTS_NICE). Going back to 0 needs the right to raise a priority (root here).
  if (report === 'thread') reportsThread?.setNice(10);
  if (report === 'thread-nice0') reportsThread?.setNice(0);
  await reportsWhileIngesting(report, way, REPORTS);
}
// A restart while ingesting (the thread stopped: a crash): the thread copied again from this engine's
// version while events keep arriving at INGEST_RATE and estimates every 5 ms; then the restarted
// thread's report is checked against this engine's at once, on the same version.
if (reportsThread) {
  const ingest = ingesting('after');
  const latencies: number[] = [];
  let answered = 0;
  const warm = performance.now();
  while (performance.now() - warm < 1_000) await sleep();
  onRequest = (sentAt) => {
    engine.estimate(ESTIMATES[answered++ % ESTIMATES.length]!);
    latencies.push(performance.timeOrigin + performance.now() - sentAt);
  };
  const [events, restarts] = [ingest.stats.applied, reportsThread.restarts];
  const delay = loopDelay();
  const s = performance.now();
  await reportsThread.thread()!.terminate();
  while (reportsThread.restarts === restarts || !reportsThread.thread()) await sleep();
  const copied = performance.now() - s;
  await reportsThread.ready();
  const opened = performance.now() - s;
  const longest = delay();
  onRequest = undefined;
  const during = ingest.stats.applied - events;
  await ingest.stop();
  const report = await reportsThread.work.run('insights', { pkg: INSIGHTS });
  const here = engineTasks.insights(engine, { pkg: INSIGHTS }, () => undefined);
  const same = JSON.stringify(withoutMs(report)) === JSON.stringify(withoutMs(here));
  console.log(
    `restart while ingesting ${INGEST_RATE.toLocaleString('en')} events/s: ${startFigures(reportsThread.lastStart)}; ` +
      `copied ${ms(copied)} after the thread stopped, its engine open ${ms(opened)} after; this thread's longest hold ` +
      `(event-loop delay) ${ms(longest)}; ${during.toLocaleString('en')} events applied meanwhile; estimates ` +
      `(arrival to answer, ${latencies.length}) p50 ${ms(percentile(latencies, 0.5))} p95 ${ms(percentile(latencies, 0.95))} ` +
      `max ${ms(Math.max(...latencies))}; the restarted thread's report ${same ? 'equals' : 'DIFFERS FROM'} this ` +
      `engine's; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}
await requester.terminate();
await reportsThread?.work.close();

// A background compaction with estimates arriving between its slices, then a blocking one.
if (ONLY_REPORTS) process.exit(0);
const during: number[] = [];
const started = performance.now();
const folding = engine.compactInBackground();
let done = false;
void folding.then(() => (done = true));
while (!done) {
  estimateRound(during);
  await tick();
}
const progress = await folding;
console.log(
  `background compaction ${(performance.now() - started).toFixed(0)} ms in ${progress.slices} slices, ` +
    `longest ${ms(progress.longestSliceMs)} (cpu ${ms(progress.longestSliceCpuMs)}), publishing ${ms(progress.finishMs)}; estimates meanwhile p50 ${ms(percentile(during, 0.5))} ` +
    `p95 ${ms(percentile(during, 0.95))} max ${ms(Math.max(...during))}`,
);
const s = performance.now();
engine.compact();
console.log(
  `blocking compact ${(performance.now() - s).toFixed(0)} ms; heap ${mb(process.memoryUsage().heapUsed)}, ` +
    `rss ${mb(process.memoryUsage().rss)}; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
