// npm run bench:snapshot — restart time from an engine snapshot (scale-out): the sandbox network of
// BENCH_ACCOUNTS accounts (default 1 000 000) indexed from its export as `npm start` does, written as
// a snapshot, and loaded back (the export is the file bench:engine keeps, built by parse workers); side by side: building from the export vs loading the snapshot, the
// file size, and every estimate of a package mix compared between the two engines.
// Writes bench/results/snapshot-<accounts>.json. A benchmark, not a test.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { shareEngine, readSnapshot, sharedEngineFrom, writeSnapshot } from '@murmur/engine';
import { buildIndexFromFile, exportFile } from '@murmur/engine-cluster';
import { estimateBody } from '../api/estimate-packages';
import { ensureExportFile } from './export-file';

const accounts = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const seed = process.env.BENCH_SEED ?? 'murmur';
const here = dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.log(line);
const seconds = (since: number) => (performance.now() - since) / 1000;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

log(`load average at start: ${loadavg()[0]!.toFixed(2)}; ${accounts} accounts, seed ${seed}`);
let t = performance.now();
const path = await ensureExportFile(accounts, seed, log);
const generate = seconds(t);

t = performance.now();
const built = shareEngine(await buildIndexFromFile(exportFile(path)));
const build = seconds(t);
log(`indexed from the export in ${build.toFixed(1)} s`);

const dir = mkdtempSync(join(tmpdir(), 'murmur-bench-snapshot-'));
const file = join(dir, 'index.snapshot');
t = performance.now();
writeSnapshot(built.index, file, `bench:${accounts}:${seed}`);
const write = seconds(t);
const bytes = statSync(file).size;
log(
  `snapshot written in ${write.toFixed(1)} s: ${mb(bytes)} MB (${Math.round(bytes / accounts)} bytes per account)`,
);

// Let the page cache settle the way a restart finds it, then load as a fresh process would.
global.gc?.();
const heapBefore = process.memoryUsage().rss;
t = performance.now();
const { index } = readSnapshot(file, `bench:${accounts}:${seed}`);
const loaded = sharedEngineFrom(index);
const load = seconds(t);
log(`snapshot loaded in ${load.toFixed(2)} s (rss +${mb(process.memoryUsage().rss - heapBefore)} MB)`);

const packages = Array.from({ length: 500 }, (_, i) =>
  targetingPackageSchema.parse(estimateBody(i * 13).targeting_package),
);
let differences = 0;
for (const p of packages) {
  if (built.engine.estimate(p).sampleCount !== loaded.engine.estimate(p).sampleCount) differences++;
}
log(`${packages.length} estimates compared between the built and the loaded engine: ${differences} differ`);
rmSync(dir, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  node: process.version,
  loadAverageAtEnd: loadavg(),
  accounts,
  seed,
  seconds: { generate, buildFromExport: build, writeSnapshot: write, loadSnapshot: load },
  snapshotBytes: bytes,
  bytesPerAccount: bytes / accounts,
  estimatesCompared: packages.length,
  estimatesDiffering: differences,
  target: { loadSnapshotSecondsAt1M: 5, pass: accounts < 1_000_000 ? null : load <= 5 },
};
writeFileSync(join(here, `../results/snapshot-${accounts}.json`), `${JSON.stringify(result, null, 2)}\n`);
log('');
log(`| accounts | build from export | load snapshot | speed-up | snapshot size |`);
log(`| --- | --- | --- | --- | --- |`);
log(
  `| ${accounts} | ${build.toFixed(1)} s | ${load.toFixed(2)} s | ${(build / load).toFixed(0)}× | ${mb(bytes)} MB |`,
);
