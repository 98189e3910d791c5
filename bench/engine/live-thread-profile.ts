// The live reports thread's work alone (a benchmark, not a test): a live engine opened from another's
// shared state, as apps/server/src/engine/live-reports-worker.ts does, applying batches that arrive at
// a given rate (whole, as the thread does) while insights reports run back to back in slices of 10 ms,
// beside the same reports idle. One thread, so `node --cpu-prof` profiles exactly the thread's work.
// Usage: node --import tsx bench/engine/live-thread-profile.ts [accounts] [events/s] [reports]
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import type { LiveEvent } from '@murmur/core/live';
import { buildIndex } from '../../packages/engine/src/ingest/build-index';
import { seededRandom } from '../../packages/engine/src/testing/random';
import { syntheticNetwork } from './synthetic-network';
import { pkg } from '../../packages/engine/src/testing/network-a';
import { LIVE_BUILD_OPTIONS, liveEngine } from '../../packages/engine/src/live/live-engine';
import { liveEngineFromShared, shareLiveEngine } from '../../packages/engine/src/live/live-snapshot';
import { LazyCsr } from '../../packages/engine/src/live/structures';

const N = Number(process.argv[2] ?? 400_000);
const RATE = Number(process.argv[3] ?? 5_000);
const REPORTS = Number(process.argv[4] ?? 8);
const rand = seededRandom(1);
const { LANGS, word, records } = syntheticNetwork(N, rand);
const acct = () => String(1e7 + Math.floor(rand() * N));
let postId = 5e9;
const make: (() => LiveEvent)[] = [
  () => {
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
  () => {
    const post = String(1e9 + Math.floor(rand() * N * 3));
    const user = acct();
    return { type: 'like', key: `like:${user}:${post}`, at: 1, user, post, author: '' };
  },
  () => {
    const from = acct();
    const to = acct();
    const type = rand() < 0.8 ? 'follow' : 'unfollow';
    return { type, key: `${type}:${from}:${to}:${rand()}`, at: 1, from, to };
  },
];
const batchOf = (size: number) => Array.from({ length: size }, (_, i) => make[i % 3]!());
const INSIGHTS = pkg({ languages: [{ label: 'English' }] });
const ms = (v: number) => `${v.toFixed(1)} ms`;
const p50 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

const main = liveEngine(await buildIndex(records(), LIVE_BUILD_OPTIONS));
// Some ingest before the thread starts, as the server's first minutes have.
for (let i = 0; i < 30; i++) main.apply(batchOf(1000));
const engine = liveEngineFromShared(shareLiveEngine(main));
console.log(
  `accounts ${N}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

async function report(): Promise<{ wall: number; own: number }> {
  const s = performance.now();
  let own = 0;
  await engine.insightsInSlices(engine.evaluate(INSIGHTS), undefined, undefined, {
    sliceMs: 10,
    onSlice: (t) => (own += t),
  });
  return { wall: performance.now() - s, own };
}

// `before`: batches applied between the report's slices and rows read through the logs (RowCursor
// without the live CSR's overlay); `after`: batches held while a report runs (the thread now does),
// unchanged rows read from the base's arrays.
const overlay = Object.getOwnPropertyDescriptor(LazyCsr.prototype, 'overlay')!.value as unknown;
let reporting = false;
async function round(rate: number, label: string, way: 'before' | 'after' = 'after') {
  (LazyCsr.prototype as { overlay?: unknown }).overlay = way === 'after' ? overlay : undefined;
  let running = true;
  let applied = 0;
  let applyMs = 0;
  const start = performance.now();
  /** Applies what is due, a batch of up to 1 000 at a time (a message each in the thread). */
  const applyDue = async () => {
    const due = Math.floor(((performance.now() - start) / 1000) * rate) - applied;
    for (let left = due; left > 0; left -= 1000) {
      const events = batchOf(Math.min(left, 1000));
      const s = performance.now();
      engine.apply(events);
      applyMs += performance.now() - s;
      applied += events.length;
      await immediate();
    }
  };
  const feed = (async () => {
    // Batches arrive as messages do (a macrotask each), what is due every 20 ms; `after`: held while
    // a report runs, applied when it ends, before the next one starts.
    while (running) {
      await new Promise((r) => setTimeout(r, 20));
      if (way === 'after' && reporting) continue;
      await applyDue();
    }
  })();
  const walls: number[] = [];
  const owns: number[] = [];
  for (let r = 0; r < REPORTS; r++) {
    reporting = true;
    const { wall, own } = await report();
    reporting = false;
    if (way === 'after') await applyDue();
    walls.push(wall);
    owns.push(own);
  }
  running = false;
  await feed;
  const secs = (performance.now() - start) / 1000;
  console.log(
    `${label}: reports wall p50 ${ms(p50(walls))} [${walls.map((w) => w.toFixed(0)).join(' ')}], in slices p50 ${ms(p50(owns))}; ` +
      `${applied} events (${(applied / secs).toFixed(0)}/s), applying ${ms(applyMs)} (${((100 * applyMs) / (secs * 1000)).toFixed(0)} % of the time); ` +
      `delta ${(engine.liveStats().deltaBytes / 2 ** 20).toFixed(0)} MB; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}
// LIVE_PROFILE=<file>: a CPU profile of the ingesting round only (node:inspector).
const session = process.env.LIVE_PROFILE ? new Session() : undefined;
session?.connect();
const PANELS_ONLY = process.env.PANELS_ONLY === '1';
if (PANELS_ONLY) for (let i = 0; i < 60; i++) engine.apply(batchOf(1000));
if (!PANELS_ONLY) {
  await round(0, 'idle, before', 'before');
  await round(0, 'idle, after', 'after');
  await session?.post('Profiler.enable');
  await session?.post('Profiler.start');
  await round(RATE, 'ingesting, before', 'before');
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(process.env.LIVE_PROFILE!, JSON.stringify(profile));
  }
  await round(RATE, 'ingesting, after', 'after');
  await round(RATE, 'ingesting, before', 'before');
  await round(RATE, 'ingesting, after', 'after');
  await round(0, 'idle, before', 'before');
  await round(0, 'idle, after', 'after');
}

// Each panel's time (its own steps; shared counts fall to the first panel that asks), median of 5,
// on the version now (after the rounds' deltas) and on the same version compacted.
import { INSIGHT_PANELS } from '../../packages/engine/src/insights/insights';
import { InsightContext } from '../../packages/engine/src/insights/context';
import { finish, type Steps } from '../../packages/engine/src/util/steps';
import { PANEL_STEPS as PANEL_STEPS_FOR_BENCH } from '../../packages/engine/src/insights/insights';
function panelTimes(label: string) {
  const times = new Map<string, number[]>();
  for (let r = 0; r < 5; r++) {
    const index = engine.index;
    const s0 = performance.now();
    const audience = engine.evaluate(INSIGHTS);
    const ctx = new InsightContext(index, audience);
    (
      times.get('(evaluate + context)') ?? times.set('(evaluate + context)', []).get('(evaluate + context)')!
    ).push(performance.now() - s0);
    for (const name of Object.keys(INSIGHT_PANELS) as (keyof typeof INSIGHT_PANELS)[]) {
      const s = performance.now();
      const steps = PANEL_STEPS_FOR_BENCH[name] as ((c: InsightContext) => Steps<unknown>) | undefined;
      if (steps) finish(steps(ctx));
      else INSIGHT_PANELS[name](ctx);
      (times.get(name) ?? times.set(name, []).get(name)!).push(performance.now() - s);
    }
  }
  let total = 0;
  const parts = [...times].map(([k, v]) => {
    const m = p50(v);
    total += m;
    return `${k} ${m.toFixed(1)}`;
  });
  console.log(`${label}: total ${total.toFixed(0)} ms — ${parts.join(', ')}`);
}
if (PANELS_ONLY && session) {
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
(LazyCsr.prototype as { overlay?: unknown }).overlay = undefined;
panelTimes('panels on the live version, rows through the logs (before)');
(LazyCsr.prototype as { overlay?: unknown }).overlay = overlay;
panelTimes('panels on the live version, unchanged rows from the base (after)');
if (PANELS_ONLY && session) {
  const { profile } = await session.post('Profiler.stop');
  fs.writeFileSync(process.env.LIVE_PROFILE!, JSON.stringify(profile));
}
engine.compact();
panelTimes('panels compacted');
