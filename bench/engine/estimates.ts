// npm run bench:estimates — the 200-package estimate mix of
// bench:engine alone (scale-out), without DuckDB or insights, on an index loaded from a snapshot kept
// next to the export (built from the export once). BENCH_ACCOUNTS (default 1 000 000), BENCH_SEED
// (murmur), BENCH_EXPORT_DIR (the OS temp dir), BENCH_ROUNDS (5).
//
// Two runs: "warm" as bench:engine times it (a warm-up round fills the per-index memos, then every
// round reuses them), and "cold", each estimate on a fresh view of the index so that no memo (filter
// masks, keyword sets, age bands) helps — what an estimate costs when the memos cannot hold the mix,
// as at 10 M accounts where 32 MB of masks is 25 bitsets. Per package the minimum over the rounds is
// kept (the machine is shared); p50/p95 are over packages. The slowest packages are listed with
// their operands. A benchmark, not a test.
import { existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  shareEngine,
  indexFromShared,
  inMemoryEngine,
  readSnapshot,
  writeSnapshot,
  type AudienceIndex,
  type SharedIndex,
} from '@murmur/engine';
import { buildIndexFromFile, exportFile } from '@murmur/engine-cluster';
import { criteriaOf } from '../../packages/engine/src/evaluate/criteria';
import { ensureExportFile } from './export-file';
import { benchPackages, type BenchPackage } from './packages';

const accounts = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const seed = process.env.BENCH_SEED ?? 'murmur';
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const dir = process.env.BENCH_EXPORT_DIR ?? tmpdir();
const log = (line: string) => console.log(line);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const snapshotPath = join(dir, `murmur-snapshot-${seed}-${accounts}.snapshot`);
const source = `bench:${accounts}:${seed}`;
let shared: SharedIndex;
if (existsSync(snapshotPath)) {
  shared = readSnapshot(snapshotPath, source).index;
} else {
  const path = await ensureExportFile(accounts, seed, log);
  log('indexing the export (once; the snapshot is kept for the next run) …');
  shared = shareEngine(await buildIndexFromFile(exportFile(path))).index;
  writeSnapshot(shared, snapshotPath, source);
}
const index = indexFromShared(shared);
gc();

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (v: number) => `${v.toFixed(3)} ms`;

const mix = benchPackages(index);
const estimate = (ix: AudienceIndex, p: BenchPackage) =>
  inMemoryEngine(ix).estimate(p.pkg, { exclusions: p.exclusions }).sampleCount;
const counts = mix.map((p) => estimate(index, p));

/** Per package, the minimum over the rounds of one estimate's time. */
function run(fresh: boolean): number[] {
  const best = mix.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < mix.length; i++) {
      // A shallow copy is another WeakMap key: every memo of the evaluator starts empty for it.
      const ix = fresh ? { ...index } : index;
      const engine = inMemoryEngine(ix);
      const t = performance.now();
      const count = engine.estimate(mix[i]!.pkg, { exclusions: mix[i]!.exclusions }).sampleCount;
      const elapsed = performance.now() - t;
      if (count !== counts[i]) throw new Error(`estimate ${mix[i]!.name} changed: ${count} vs ${counts[i]}`);
      best[i] = Math.min(best[i]!, elapsed);
    }
  }
  return best;
}

function describe(p: BenchPackage): string {
  const c = criteriaOf(index, p.pkg);
  const dense = c.primary.filter((x) => x.kind === 'bits');
  const listed = c.primary.filter((x) => x.kind === 'list').reduce((s, x) => s + x.count, 0);
  const filters = c.filters.map((f) => f.map((x) => (x.kind === 'bits' ? 'B' : 'L')).join('')).join(' ');
  return (
    `primary ${dense.length} dense + ${c.primary.length - dense.length} lists (${listed} ids); ` +
    `filters [${filters}]; exclusions ${p.exclusions.length}`
  );
}

log(
  `load average at start: ${loadavg()[0]!.toFixed(2)}; ${index.size} accounts; ` +
    `${mix.length} packages × ${rounds} rounds, min per package`,
);
for (const [name, fresh] of [
  ['warm', false],
  ['cold', true],
] as const) {
  gc();
  const best = run(fresh);
  log(
    `${name}: p50 ${ms(percentile(best, 50))}, p95 ${ms(percentile(best, 95))}, max ${ms(Math.max(...best))}`,
  );
  const order = best.map((t, i) => ({ t, i })).sort((a, b) => b.t - a.t);
  for (const { t, i } of order.slice(0, 8)) log(`  ${ms(t)}  ${mix[i]!.name}: ${describe(mix[i]!)}`);
  const shapes = new Map<string, number[]>();
  mix.forEach((p, i) => {
    const shape = p.name.replace(/^\d+ /, '');
    shapes.set(shape, [...(shapes.get(shape) ?? []), best[i]!]);
  });
  for (const [shape, times] of shapes) log(`  shape p50 ${ms(percentile(times, 50))}  ${shape}`);
}
// The part of an estimate that does not grow with the index: resolving the package into postings.
const criteriaTimes = mix.map((p) => {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    criteriaOf(index, p.pkg);
    best = Math.min(best, performance.now() - t);
  }
  return best;
});
log(
  `criteria only (warm): p50 ${ms(percentile(criteriaTimes, 50))}, p95 ${ms(percentile(criteriaTimes, 95))}`,
);
log(`load average at end: ${loadavg()[0]!.toFixed(2)}`);
