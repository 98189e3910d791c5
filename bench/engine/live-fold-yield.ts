// Insights one a second while the live engine's background compactions run (a benchmark, not a test):
// the main engine's folds, and the reports thread's carry of them, waiting while the thread runs a task
// (LiveReportsOptions.yieldFolds, the default; docs/LIVE.md "Insights while ingesting") against running
// beside it. Rounds alternate the two on one engine, each with a reports thread of its own, while events
// arrive at a steady rate through `applyInSlices`, as the consumer applies them, and a low compaction
// threshold makes folds start every few seconds. A third party can take part of the machine, as X's
// stand-in does beside the server in bench:live (0.6–0.8 of a core) or any other process in production:
// a thread busy that share of each 10 ms.
// Usage: npm run bench:live-yield -- [accounts, 1 000 000] [events/s, 5 000] [seconds a round, 30]
//        [threshold MB, 16] [third party's share of a core, 0]
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LiveEvent } from '@murmur/core/live';
import { buildIndex } from '../../packages/engine/src/ingest/build-index';
import { seededRandom } from '../../packages/engine/src/testing/random';
import { pkg } from '../../packages/engine/src/testing/network-a';
import { LIVE_BUILD_OPTIONS, liveEngine } from '../../packages/engine/src/live/live-engine';
import { startLiveReports } from '../../apps/server/src/engine/live-reports';
import { syntheticNetwork } from './synthetic-network';

const N = Number(process.argv[2] ?? 1_000_000);
const RATE = Number(process.argv[3] ?? 5_000);
const SECONDS = Number(process.argv[4] ?? 30);
const COMPACT_MB = Number(process.argv[5] ?? 16);
const THIRD = Number(process.argv[6] ?? 0);
const rand = seededRandom(1);
const { LANGS, word, records } = syntheticNetwork(N, rand);
const INSIGHTS = pkg({ languages: [{ label: 'English' }] });
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const acct = () => String(1e7 + Math.floor(rand() * N));
let postId = 5e9;
/** Posts, likes and follow events in turn, as bench:live-apply draws them. */
function event(i: number): LiveEvent {
  if (i % 3 === 0) {
    const id = String(postId++);
    const lang = LANGS[Math.floor(rand() * LANGS.length)]!;
    return {
      type: 'post',
      key: `post:${id}`,
      at: 1,
      post: {
        ...{
          id,
          author: acct(),
          created: '',
          lang,
          text: `${word()} ${word()} live words`,
          hashtags: ['tag'],
        },
        ...{ mentions: [], replyTo: null, repostOf: null, quoteOf: null },
      },
    };
  }
  if (i % 3 === 1) {
    const [post, user] = [String(1e9 + Math.floor(rand() * N * 3)), acct()];
    return { type: 'like', key: `like:${user}:${post}`, at: 1, user, post, author: '' };
  }
  const [from, to, type] = [acct(), acct(), rand() < 0.8 ? 'follow' : 'unfollow'] as const;
  return { type, key: `${type}:${from}:${to}:${rand()}`, at: 1, from, to };
}

if (THIRD > 0) {
  const burner = new Worker(
    `const share = ${THIRD};
     for (;;) {
       const s = performance.now();
       while (performance.now() - s < 10 * share);
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 * (1 - share));
     }`,
    { eval: true },
  );
  burner.unref();
}
const started = performance.now();
const engine = liveEngine(await buildIndex(records(), LIVE_BUILD_OPTIONS), {
  compactBytes: COMPACT_MB << 20,
});
console.log(
  `bench:live-yield — ${N.toLocaleString('en')} accounts, ${RATE.toLocaleString('en')} events/s, compaction past ` +
    `${COMPACT_MB} MB of logs, ${SECONDS} s a round, a third party taking ${THIRD} of a core; built in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `${os.cpus().length} cores, load ${load()}`,
);

async function round(yieldFolds: boolean) {
  const reports = startLiveReports(engine, { yieldFolds });
  await reports.ready();
  while (reports.lastStart && !reports.lastStart.copied) await sleep(5);
  const before = engine.liveStats();
  const cpu = process.cpuUsage();
  let running = true;
  let applied = 0;
  let maxLogMb = 0;
  const t0 = performance.now();
  const ingest = (async () => {
    while (running) {
      const due = Math.floor(((performance.now() - t0) / 1000) * RATE) - applied;
      if (due <= 0) {
        await sleep(1);
        continue;
      }
      const size = Math.min(due, 1_000);
      await reports.engine.applyInSlices(Array.from({ length: size }, (_, i) => event(applied + i)));
      applied += size;
      maxLogMb = Math.max(maxLogMb, engine.liveStats().deltaBytes / 2 ** 20);
    }
  })();
  const during: number[] = [];
  const outside: number[] = [];
  const own: number[] = [];
  for (let i = 0; performance.now() - t0 < SECONDS * 1000; i++) {
    const due = t0 + i * 1000;
    if (performance.now() < due) await sleep(due - performance.now());
    const folding = engine.compactionProgress() !== undefined;
    const s = performance.now();
    const reply = (await reports.work.run('insights', { pkg: INSIGHTS })) as { insights: { ms: number } };
    const wall = performance.now() - s;
    (folding || engine.compactionProgress() ? during : outside).push(wall);
    own.push(reply.insights.ms);
  }
  running = false;
  await ingest;
  const after = engine.liveStats();
  const used = process.cpuUsage(cpu);
  await reports.work.close();
  const all = [...during, ...outside];
  const f = (xs: number[]) => (xs.length ? `p50 ${pct(xs, 0.5).toFixed(0)} ms of ${xs.length}` : 'none');
  console.log(
    `${yieldFolds ? 'yielding' : 'beside   '}: insights p50 ${pct(all, 0.5).toFixed(0)} ms, p90 ${pct(all, 0.9).toFixed(0)} ms ` +
      `(in the thread p50 ${pct(own, 0.5).toFixed(0)} ms); asked during a fold ${f(during)}, outside ${f(outside)}; ` +
      `${applied.toLocaleString('en')} events; folds finished ${after.compactions - before.compactions} ` +
      `(${((after.compactionCpuMs - before.compactionCpuMs) / 1000).toFixed(1)} s of the main thread's CPU); logs at most ` +
      `${maxLogMb.toFixed(0)} MB; the process ${((used.user + used.system) / 1e6 / SECONDS).toFixed(2)} cores; load ${load()}`,
  );
}

for (const yieldFolds of [true, false, true, false]) await round(yieldFolds);
process.exit(0);
