// npm run bench:build — the index build from the export file read on the main thread vs parsed by
// worker threads (scale-out), side by side: wall time, CPU (all threads), peak RSS. Each build runs
// in its own child process so that one's memory does not count in the other's peak. Reuses the
// export file of bench:engine (`--accounts N` or BENCH_ACCOUNTS, BENCH_SEED, BENCH_EXPORT_DIR);
// BENCH_BUILD_THREADS sets the workers (default one per core). Writes bench/results/build-<N>.json.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIndexFromFile, exportFile } from '@murmur/engine-cluster';
import { ensureExportFile } from './export-file';

interface BuildFigures {
  threads: number;
  wallMs: number;
  cpuMs: number;
  peakRssBytes: number;
  typedArrayBytes: number;
  accounts: number;
  terms: number;
  stagesMs: Record<string, number>;
}

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({ options: { accounts: { type: 'string' }, child: { type: 'string' } } });
const accounts = Number(args.accounts ?? process.env.BENCH_ACCOUNTS ?? 1_000_000);
const seed = process.env.BENCH_SEED ?? 'murmur';
const path = await ensureExportFile(accounts, seed, () => undefined);

if (args.child !== undefined) {
  // One build, in this child process; its figures go to the parent as one JSON line.
  const threads = Number(args.child);
  const stagesMs: Record<string, number> = {};
  const cpu = process.cpuUsage();
  const t = performance.now();
  const index = await buildIndexFromFile(exportFile(path, threads), {
    onStage: (s, ms) => (stagesMs[s] = Math.round(ms)),
  });
  const wallMs = Math.round(performance.now() - t);
  const used = process.cpuUsage(cpu);
  const figures: BuildFigures = {
    threads,
    wallMs,
    cpuMs: Math.round((used.user + used.system) / 1000),
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    typedArrayBytes: index.stats.bytes,
    accounts: index.stats.accounts,
    terms: index.stats.terms,
    stagesMs,
  };
  console.log(JSON.stringify(figures));
  process.exit(0);
}

const workers = Number(process.env.BENCH_BUILD_THREADS ?? availableParallelism());
const run = (threads: number): BuildFigures => {
  const out = execFileSync(
    process.execPath,
    [
      '--max-old-space-size=16384',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--accounts',
      String(accounts),
      '--child',
      String(threads),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as BuildFigures;
};
const loadAtStart = loadavg()[0]!;
const sequential = run(0);
const parallel = run(workers);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const gb = (b: number) => `${(b / 1e9).toFixed(2)} GB`;
console.log(
  `index build of ${accounts} accounts (${path}); load average ${loadAtStart.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
);
console.log('| build | wall | CPU (all threads) | read stage | peak RSS | typed arrays |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [name, f] of [
  ['main thread', sequential],
  [`${workers} parse workers`, parallel],
] as const)
  console.log(
    `| ${name} | ${s(f.wallMs)} | ${s(f.cpuMs)} | ${s(f.stagesMs.read ?? 0)} | ${gb(f.peakRssBytes)} | ${gb(f.typedArrayBytes)} |`,
  );
if (sequential.typedArrayBytes !== parallel.typedArrayBytes || sequential.terms !== parallel.terms)
  throw new Error('the two builds differ in size: see the parallel build tests');
const result = {
  date: new Date().toISOString(),
  node: process.version,
  accounts,
  seed,
  cores: availableParallelism(),
  loadAverageAtStart: loadAtStart,
  loadAverageAtEnd: loadavg()[0],
  sequential,
  parallel,
};
writeFileSync(join(here, `../results/build-${accounts}.json`), `${JSON.stringify(result, null, 2)}\n`);
