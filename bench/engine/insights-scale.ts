// npm run bench:insights-scale — full insights and estimates on the broadest audiences of an engine
// snapshot (scale-out): which panels grow with the audience or with the index, in CPU time so that
// a loaded machine does not hide it. BENCH_SNAPSHOT (a snapshot file written by writeSnapshot, e.g.
// by bench:snapshot or `npm start`), BENCH_RUNS (default 5). Prints per-panel CPU ms (minimum and
// median of the runs) for audiences of about 100 %, 45 % and 15 % of the accounts, full insights
// wall and CPU p50, and the estimate p50 of the bench:engine mix. A benchmark, not a test.
import { loadavg } from 'node:os';
import {
  computeInsights,
  evaluate,
  indexFromShared,
  InsightContext,
  inMemoryEngine,
  readSnapshot,
  INSIGHT_PANELS as PANELS,
} from '@murmur/engine';
import { emptyTargetingPackage, type LabelItem, type TargetingPackage } from '@murmur/core/targeting';
import { benchPackages } from './packages';

const file = process.env.BENCH_SNAPSHOT;
if (!file) throw new Error('BENCH_SNAPSHOT must name an engine snapshot file');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const log = (line: string) => console.log(line);
const cpuMs = (f: () => unknown): number => {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
const sorted = (v: readonly number[]) => [...v].sort((a, b) => a - b);
const median = (v: readonly number[]) => sorted(v)[v.length >> 1]!;
const fixed = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(0));

log(`load average ${loadavg()[0]!.toFixed(1)}; loading ${file} …`);
const started = performance.now();
const index = indexFromShared(readSnapshot(file).index);
log(`loaded ${index.stats.accounts} accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const engine = inMemoryEngine(index);

const empty = emptyTargetingPackage();
// Languages by accounts: every language covers everyone with one; the first, about half; a small
// one, a tenth or so.
const languages: LabelItem[] = [...index.terms.termsOf('language')]
  .sort((a, b) => index.postings.count(b) - index.postings.count(a))
  .map((t) => ({ label: index.terms.value(t), id: index.terms.value(t) }));
const audiences: [string, TargetingPackage][] = [
  ['every language', { ...empty, languages }],
  [`language ${languages[0]!.label}`, { ...empty, languages: [languages[0]!] }],
  [`language ${languages[2]!.label}`, { ...empty, languages: [languages[2]!] }],
];
for (const [name, pkg] of audiences) {
  const audience = evaluate(index, pkg);
  // Warm-up; its communities panel says how large the graph Louvain ran on was (its cost follows the
  // core's edges, which grow with the network, not with the audience).
  const { communities } = computeInsights(index, audience);
  const panelMs: Record<string, number[]> = { context: [] };
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    gc();
    // Each panel on a fresh context, in computeInsights' order: the first panel that needs a
    // shared pass pays for it.
    let ctx: InsightContext | undefined;
    panelMs.context!.push(cpuMs(() => (ctx = new InsightContext(index, audience))));
    for (const [panel, compute] of Object.entries(PANELS))
      (panelMs[panel] ??= []).push(cpuMs(() => compute(ctx!)));
    gc();
    const t = performance.now();
    cpu.push(cpuMs(() => computeInsights(index, audience)));
    wall.push(performance.now() - t);
  }
  log(
    `${name}: ${audience.sampleCount} members (${((100 * audience.sampleCount) / index.population).toFixed(0)} %): ` +
      `insights p50 ${fixed(median(wall))} ms wall, ${fixed(median(cpu))} ms CPU (min ${fixed(sorted(cpu)[0]!)}); ` +
      `community core ${communities.nodes} nodes, ${communities.edges} edges`,
  );
  log(
    '  CPU ms per panel, min/median: ' +
      Object.entries(panelMs)
        .filter(([, v]) => median(v) >= 1)
        .map(([k, v]) => `${k} ${fixed(sorted(v)[0]!)}/${fixed(median(v))}`)
        .join(', '),
  );
}

const mix = benchPackages(index);
const estimate = (i: number) => engine.estimate(mix[i]!.pkg, { exclusions: mix[i]!.exclusions }).sampleCount;
mix.forEach((_, i) => estimate(i)); // warm-up: filter masks and keyword sets are built once
const times: number[] = [];
for (let r = 0; r < 3; r++)
  for (let i = 0; i < mix.length; i++) {
    const t = performance.now();
    estimate(i);
    times.push(performance.now() - t);
  }
log(
  `estimates: ${mix.length} packages × 3: p50 ${median(times).toFixed(3)} ms, ` +
    `p95 ${sorted(times)[Math.ceil(0.95 * times.length) - 1]!.toFixed(3)} ms (load average ${loadavg()[0]!.toFixed(1)})`,
);
