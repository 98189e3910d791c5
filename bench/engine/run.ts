// npm run bench:engine — the audience engine on the sandbox network against DuckDB (issue 4).
// BENCH_ACCOUNTS (default 1 000 000), BENCH_SEED (murmur), BENCH_EXPORT_DIR (the OS temp dir).
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ageGroups,
  bioWords,
  buildIndex,
  communities,
  contentWall,
  conversationTopics,
  demographics,
  devices,
  engagement,
  influentialAccounts,
  InsightContext,
  inMemoryEngine,
  interests,
  jobTitles,
  locations,
  network,
  sampleAccounts,
  summary,
  topicAnalysis,
  type Audience,
} from '@murmur/engine';
import { countSql, demographicsSql, loadDuckDb, sqlCount } from './duckdb';
import { benchPackages, broadPackages, type BenchPackage } from './packages';

/** computeInsights' panels, in its order. */
const PANELS: Record<string, (ctx: InsightContext) => unknown> = {
  summary,
  demographics,
  ageGroups,
  interests,
  conversationTopics,
  influentialAccounts,
  communities,
  network,
  topicAnalysis,
  contentWall,
  locations,
  bioWords,
  jobTitles,
  devices,
  sampleAccounts,
  engagement,
};
const here = dirname(fileURLToPath(import.meta.url));
const accounts = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
const seed = process.env.BENCH_SEED ?? 'murmur';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const INSIGHT_RUNS = Number(process.env.BENCH_INSIGHT_RUNS ?? 5);
const log = (line: string) => console.log(line);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`;
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
const round = (v: number, digits = 3) => Number(v.toFixed(digits));
const timed = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const value = f();
  return [value, performance.now() - t];
};

// The export is generated once per size and seed, in a child process, so that neither generation
// time nor its memory is counted in the build figures.
const exportFile = join(process.env.BENCH_EXPORT_DIR ?? tmpdir(), `murmur-export-${seed}-${accounts}.ndjson`);
if (!existsSync(exportFile)) {
  log(`generating the ${accounts}-account sandbox export (once) …`);
  execFileSync(
    process.execPath,
    ['--max-old-space-size=6144', '--import', 'tsx', join(here, 'export-file.ts')],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_ACCOUNTS: String(accounts), BENCH_SEED: seed },
    },
  );
}

// ---- Build -------------------------------------------------------------------------------------
gc();
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const loadAtStart = loadavg()[0]!;
const stages: Record<string, number> = {};
const cpuBefore = process.cpuUsage();
const buildStarted = performance.now();
const index = await buildIndex(createReadStream(exportFile, { encoding: 'utf8', highWaterMark: 1 << 16 }), {
  onStage: (stage, t) => (stages[stage] = Math.round(t)),
});
const buildMs = performance.now() - buildStarted;
const buildCpu = process.cpuUsage(cpuBefore);
const buildCpuMs = (buildCpu.user + buildCpu.system) / 1000;
clearInterval(sampler);
// maxRSS covers the whole process so far: nothing but the build has run yet.
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
gc();
const rssAfterBuild = process.memoryUsage().rss;
log(
  `build: ${index.stats.accounts} accounts, ${index.stats.follows} follows, ${index.stats.posts} posts, ` +
    `${index.stats.terms} terms in ${(buildMs / 1000).toFixed(1)} s; peak RSS ${gb(peakRss)}, ` +
    `RSS after GC ${gb(rssAfterBuild)}, typed arrays ${gb(index.stats.bytes)}`,
);
log(
  `build: CPU ${(buildCpuMs / 1000).toFixed(1)} s (load average ${loadAtStart.toFixed(1)} on ${availableParallelism()} cores); stages: ` +
    Object.entries(stages)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(', '),
);
const engine = inMemoryEngine(index);

// ---- Estimates ---------------------------------------------------------------------------------
const mix = benchPackages(index);
const estimate = (p: BenchPackage) => engine.estimate(p.pkg, { exclusions: p.exclusions }).sampleCount;
const counts = mix.map(estimate); // warm-up round, and the counts DuckDB must agree with
const estimateTimes: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < mix.length; i++) {
    const [count, t] = timed(() => estimate(mix[i]!));
    if (count !== counts[i]) throw new Error(`estimate ${mix[i]!.name} changed between rounds`);
    estimateTimes.push(t);
  }
}
const estimateP50 = percentile(estimateTimes, 50);
const estimateP95 = percentile(estimateTimes, 95);
const sorted = [...counts].sort((a, b) => a - b);
log(
  `estimates: ${mix.length} packages × ${ROUNDS} rounds: p50 ${ms(estimateP50)}, p95 ${ms(estimateP95)}, ` +
    `max ${ms(Math.max(...estimateTimes))} (sizes: min ${sorted[0]}, median ${percentile(sorted, 50)}, max ${sorted.at(-1)})`,
);

// ---- Full insights -----------------------------------------------------------------------------
const candidates = [...mix, ...broadPackages(index)].map((p) => ({
  p,
  size: engine.estimate(p.pkg, { exclusions: p.exclusions }).sampleCount,
}));
const scaleFactor = index.population / 1_000_000;
const insightTargets = [10_000, 100_000, 400_000].map((t) => Math.round(t * scaleFactor));
const insightResults: { target: number; package: string; members: number; p50Ms: number; p95Ms: number }[] =
  [];
for (const target of insightTargets) {
  const best = candidates.reduce((a, b) =>
    Math.abs(Math.log((b.size || 1) / target)) < Math.abs(Math.log((a.size || 1) / target)) ? b : a,
  );
  const audience: Audience = engine.evaluate(best.p.pkg, { exclusions: best.p.exclusions });
  engine.insights(audience); // warm-up
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let r = 0; r < INSIGHT_RUNS; r++) {
    gc();
    const cpu = process.cpuUsage();
    times.push(timed(() => engine.insights(audience))[1]);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  // Each panel timed on a fresh context, in computeInsights' order: the first panel that needs
  // a shared pass (follow counts, the Louvain core) pays for it.
  // Median of three such passes.
  const passes: Record<string, number>[] = [];
  for (let r = 0; r < 3; r++) {
    gc();
    const ctx = new InsightContext(index, audience);
    const pass: Record<string, number> = {};
    for (const [name, panel] of Object.entries(PANELS)) pass[name] = timed(() => panel(ctx))[1];
    passes.push(pass);
  }
  const panelMs: Record<string, number> = {};
  for (const name of Object.keys(PANELS))
    panelMs[name] = round(
      percentile(
        passes.map((p) => p[name]!),
        50,
      ),
      1,
    );
  const result = {
    target,
    package: best.p.name,
    members: audience.sampleCount,
    p50Ms: round(percentile(times, 50), 1),
    p95Ms: round(percentile(times, 95), 1),
    cpuP50Ms: round(percentile(cpuTimes, 50), 1),
    panelMs,
  };
  insightResults.push(result);
  log(
    `insights: ${result.members} members (target ~${target}, "${result.package}"): ` +
      `p50 ${ms(result.p50Ms)}, p95 ${ms(result.p95Ms)} over ${INSIGHT_RUNS} runs (CPU p50 ${ms(result.cpuP50Ms)}); ` +
      Object.entries(panelMs)
        .filter(([, v]) => v >= 5)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(', '),
  );
}
const rssAfterEngine = process.memoryUsage().rss;

// ---- DuckDB ------------------------------------------------------------------------------------
const duck = await loadDuckDb(index);
log(
  `duckdb: loaded ${duck.rows.accounts} accounts, ${duck.rows.accountTerms} account-term rows, ` +
    `${duck.rows.follows} follows, ${duck.rows.terms} terms in ${(duck.loadMs / 1000).toFixed(1)} s`,
);
const ageBands = index.terms.termsOf('ageBand').map((t) => index.terms.value(t));
const mismatches: string[] = [];
const duckTimes: number[] = [];
for (let i = 0; i < mix.length; i++) await sqlCount(duck.connection, countSql(mix[i]!, ageBands)); // warm-up
for (let i = 0; i < mix.length; i++) {
  const sql = countSql(mix[i]!, ageBands);
  const t = performance.now();
  const count = await sqlCount(duck.connection, sql);
  duckTimes.push(performance.now() - t);
  if (count !== counts[i]) mismatches.push(`${mix[i]!.name}: engine ${counts[i]}, DuckDB ${count}`);
}
const duckP50 = percentile(duckTimes, 50);
const duckP95 = percentile(duckTimes, 95);
const engineMean = estimateTimes.reduce((a, b) => a + b, 0) / estimateTimes.length;
const duckMean = duckTimes.reduce((a, b) => a + b, 0) / duckTimes.length;
const ratioP50 = duckP50 / estimateP50;
log(
  `duckdb estimates: p50 ${ms(duckP50)}, p95 ${ms(duckP95)}; DuckDB ÷ engine: p50 ${ratioP50.toFixed(0)}×, ` +
    `mean ${(duckMean / engineMean).toFixed(0)}×; counts agree on ${mix.length - mismatches.length}/${mix.length}`,
);

// One demographics breakdown (gender, age band, language, country counts) of the ~100k audience.
const demoPick = candidates.find((c) => c.p.name === insightResults[1]!.package)!.p;
const demoAudience = engine.evaluate(demoPick.pkg, { exclusions: demoPick.exclusions });
const engineDemo = () => {
  const audience = engine.evaluate(demoPick.pkg, { exclusions: demoPick.exclusions });
  return demographics(new InsightContext(index, audience));
};
engineDemo();
const demoEngineTimes: number[] = [];
for (let r = 0; r < 5; r++) demoEngineTimes.push(timed(engineDemo)[1]);
const panel = engineDemo();
const demoSql = demographicsSql(demoPick, ageBands);
await duck.connection.runAndReadAll(demoSql);
const demoDuckTimes: number[] = [];
let demoRows: (string | number | bigint | null)[][] = [];
for (let r = 0; r < 5; r++) {
  const t = performance.now();
  demoRows = (await duck.connection.runAndReadAll(demoSql)).getRows() as (
    string | number | bigint | null
  )[][];
  demoDuckTimes.push(performance.now() - t);
}
const sqlCounts = new Map<string, number>();
for (const [gender, age, language, country, c] of demoRows) {
  const key =
    gender !== null
      ? `gender:${String(gender)}`
      : age !== null
        ? `age:${String(age)}`
        : language !== null
          ? `language:${String(language)}`
          : country !== null
            ? `country:${String(country)}`
            : undefined;
  if (key) sqlCounts.set(key, Number(c));
}
let demoChecked = 0;
const checkShares = (prefix: string, shares: readonly { key: string; count: number }[]) => {
  for (const s of shares) {
    demoChecked++;
    const theirs = sqlCounts.get(`${prefix}:${s.key}`) ?? 0;
    if (theirs !== s.count)
      mismatches.push(`demographics ${prefix} ${s.key}: engine ${s.count}, DuckDB ${theirs}`);
  }
};
checkShares('gender', panel.gender);
checkShares('age', panel.ageBands);
checkShares('language', panel.languages);
checkShares('country', panel.countries);
const demoEngineP50 = percentile(demoEngineTimes, 50);
const demoDuckP50 = percentile(demoDuckTimes, 50);
log(
  `demographics of ${demoAudience.sampleCount} members (gender, age band, language, country; ${demoChecked} counts): ` +
    `engine ${ms(demoEngineP50)} (evaluate + panel), DuckDB ${ms(demoDuckP50)}, ratio ${(demoDuckP50 / demoEngineP50).toFixed(0)}×`,
);
duck.close();
const finalMaxRss = process.resourceUsage().maxRSS * 1024;

// ---- Targets -----------------------------------------------------------------------------------
const largest = insightResults[insightResults.length - 1]!;
const targets = [
  { name: 'build < 60 s', value: `${(buildMs / 1000).toFixed(1)} s`, pass: buildMs < 60_000 },
  { name: 'peak RSS (build) < 2 GB', value: gb(peakRss), pass: peakRss < 2e9 },
  { name: 'estimate p50 ≤ 5 ms', value: ms(estimateP50), pass: estimateP50 <= 5 },
  {
    name: `full insights p50 ≤ 300 ms at ~400 000 members`,
    value: `${ms(largest.p50Ms)} at ${largest.members}`,
    pass: largest.p50Ms <= 300,
  },
  {
    name: 'estimates ≥ 20× faster than DuckDB (p50)',
    value: `${ratioP50.toFixed(0)}×`,
    pass: ratioP50 >= 20,
  },
  {
    name: 'every count agrees with DuckDB',
    value: `${mismatches.length} mismatches`,
    pass: mismatches.length === 0,
  },
];
log('');
for (const t of targets) log(`${t.pass ? 'PASS' : 'FAIL'}  ${t.name.padEnd(48)} ${t.value}`);
for (const m of mismatches.slice(0, 50)) log(`MISMATCH ${m}`);
if (accounts < 1_000_000) log(`(targets are for 1 000 000 accounts; this run has ${accounts})`);

const results = {
  date: new Date().toISOString(),
  node: process.version,
  accounts: index.stats.accounts,
  seed,
  machine: {
    cores: availableParallelism(),
    loadAverageAtStart: round(loadAtStart, 1),
    loadAverageAtEnd: round(loadavg()[0]!, 1),
  },
  build: {
    ms: Math.round(buildMs),
    cpuMs: Math.round(buildCpuMs),
    stagesMs: stages,
    peakRssBytes: peakRss,
    rssAfterGcBytes: rssAfterBuild,
    typedArrayBytes: index.stats.bytes,
    follows: index.stats.follows,
    posts: index.stats.posts,
    terms: index.stats.terms,
  },
  estimates: {
    packages: mix.length,
    rounds: ROUNDS,
    p50Ms: round(estimateP50),
    p95Ms: round(estimateP95),
    meanMs: round(engineMean),
    sizes: { min: sorted[0], median: percentile(sorted, 50), max: sorted.at(-1) },
  },
  insights: insightResults,
  duckdb: {
    version: (await import('@duckdb/node-api')).version(),
    loadMs: Math.round(duck.loadMs),
    rows: duck.rows,
    estimates: { p50Ms: round(duckP50, 2), p95Ms: round(duckP95, 2), meanMs: round(duckMean, 2) },
    ratioP50: round(ratioP50, 1),
    ratioMean: round(duckMean / engineMean, 1),
    demographics: {
      members: demoAudience.sampleCount,
      counts: demoChecked,
      engineP50Ms: round(demoEngineP50, 2),
      duckdbP50Ms: round(demoDuckP50, 2),
    },
    mismatches: mismatches.length,
  },
  rss: { afterEngineBytes: rssAfterEngine, maxWithDuckDbBytes: finalMaxRss },
  targets: targets.map((t) => ({ name: t.name, value: t.value, pass: t.pass })),
};
const out = join(here, '..', 'results', accounts === 1_000_000 ? 'engine.json' : `engine-${accounts}.json`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
log(`\nwrote ${out}`);
process.exit(mismatches.length > 0 ? 1 : 0);
