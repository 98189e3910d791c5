// npm run bench:shards -- [--accounts 100000] [--shards 4] [--replicas 2] [--insights 20]
// [--out <file>] — the audience engine as shards on NATS against the single engine (scale-out):
// every estimate of the 200-package mix and the member-panel counts compared, estimate latency in
// one process and through the shards (the fan-out overhead), full insights (every panel) compared
// and timed both ways, bytes and resident memory per shard. Results: bench/results/shards-<n>.json.
// BENCH_SEED (murmur), BENCH_EXPORT_DIR (the OS temp dir), as bench:engine.
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connect } from '@nats-io/transport-node';
import { buildIndex, inMemoryEngine, type AudienceEstimate, type AudienceInsights } from '@murmur/engine';
import { ShardedEngine, startNats, startReplicas } from '@murmur/engine-cluster';
import { ensureExportFile } from './export-file';
import { benchPackages } from './packages';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: process.env.BENCH_ACCOUNTS ?? '100000' },
    shards: { type: 'string', default: '4' },
    replicas: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    insights: { type: 'string', default: '20' },
    /** Where the results go (default bench/results/shards-<accounts>.json). */
    out: { type: 'string' },
  },
});
const accounts = Number(values.accounts);
const shards = Number(values.shards);
const replicas = Number(values.replicas);
const rounds = Number(values.rounds);
const seed = process.env.BENCH_SEED ?? 'murmur';
const here = dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.log(line);
const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const round = (v: number, digits = 3) => Number(v.toFixed(digits));
const loadAtStart = loadavg()[0]!;
log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);

const exportFile = await ensureExportFile(accounts, seed, log);
const nats = await startNats();
let cluster: Awaited<ReturnType<typeof startReplicas>> | undefined;
try {
  const started = performance.now();
  cluster = await startReplicas({ exportFile, natsUrl: nats.url, shards, replicas, concurrency: 2, log });
  const clusterSeconds = (performance.now() - started) / 1000;

  const buildStarted = performance.now();
  const index = await buildIndex(createReadStream(exportFile, { encoding: 'utf8' }) as AsyncIterable<string>);
  const single = inMemoryEngine(index);
  const singleBuildSeconds = (performance.now() - buildStarted) / 1000;
  const mix = benchPackages(index);

  const nc = await connect({ servers: nats.url });
  const sharded = await ShardedEngine.open({ nc, shards });

  // Equality first (and warm-up of every shard's caches and JIT).
  let equal = 0;
  let countsEqual = 0;
  const same = (a: AudienceEstimate, b: AudienceEstimate) => JSON.stringify(a) === JSON.stringify(b);
  for (const p of mix) {
    if (same(await sharded.estimate(p), single.estimate(p.pkg, { exclusions: p.exclusions }))) equal++;
  }
  const panelMix = mix.slice(0, 40);
  for (const p of panelMix) {
    const one = single.fieldCounts(single.evaluate(p.pkg, { exclusions: p.exclusions }));
    const merged = await sharded.fieldCounts(p);
    const sorted = (c: typeof one) =>
      JSON.stringify([
        c.members,
        c.population,
        Object.entries(c.fields)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([f, v]) => [f, [...v].sort((x, y) => (x.value < y.value ? -1 : 1))]),
      ]);
    if (sorted(one) === sorted(merged)) countsEqual++;
  }
  log(
    `equal estimates: ${equal}/${mix.length}; equal member-panel counts: ${countsEqual}/${panelMix.length}`,
  );

  // Latency, one request at a time: the single engine in this process, and through the shards.
  const inProcess: number[] = [];
  const throughShards: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const p of mix) {
      let t = performance.now();
      single.estimate(p.pkg, { exclusions: p.exclusions });
      inProcess.push(performance.now() - t);
      t = performance.now();
      await sharded.estimate(p);
      throughShards.push(performance.now() - t);
    }
  }
  // A round trip to one shard with no work: NATS and JSON alone.
  const pings: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await sharded.ask(i % shards, 'ping', null);
    pings.push(performance.now() - t);
  }
  // Full insights (every panel of computeInsights), one at a time, over the largest audiences of the
  // mix first: the count panels compared (the community core and sample accounts are drawn in
  // proportion from the shards once an audience passes communityNodes: not compared).
  const size = (p: (typeof mix)[number]) => single.estimate(p.pkg, { exclusions: p.exclusions }).sampleCount;
  const insightsMix = [...mix]
    .filter((p) => size(p) > 0)
    .sort((a, b) => size(b) - size(a))
    .slice(0, Number(values.insights));
  const countPanels = (i: AudienceInsights) => {
    const { ms: _ms, sampleAccounts: _s, communities: _c, network: _n, ...rest } = i;
    return JSON.stringify(rest);
  };
  const insightsInProcess: number[] = [];
  const insightsSharded: number[] = [];
  let insightsEqual = 0;
  for (const p of insightsMix) {
    let t = performance.now();
    const one = single.insights(single.evaluate(p.pkg, { exclusions: p.exclusions }));
    insightsInProcess.push(performance.now() - t);
    t = performance.now();
    const merged = await sharded.insights(p);
    insightsSharded.push(performance.now() - t);
    if (countPanels(one) === countPanels(merged)) insightsEqual++;
  }
  const insightsMembers = insightsMix.map(size);
  const p50 = (v: number[]) => round(percentile(v, 50));
  const p95 = (v: number[]) => round(percentile(v, 95));
  log(
    `full insights of the ${insightsMix.length} largest audiences (${Math.min(...insightsMembers)}–${Math.max(...insightsMembers)} members): count panels equal ${insightsEqual}/${insightsMix.length}; in one process p50 ${p50(insightsInProcess)} ms, p95 ${p95(insightsInProcess)} ms; through ${shards} shards p50 ${p50(insightsSharded)} ms, p95 ${p95(insightsSharded)} ms (load average ${loadavg()[0]!.toFixed(1)})`,
  );
  log(`estimate in one process: p50 ${p50(inProcess)} ms, p95 ${p95(inProcess)} ms`);
  log(`estimate through ${shards} shards: p50 ${p50(throughShards)} ms, p95 ${p95(throughShards)} ms`);
  log(`fan-out overhead (p50 difference): ${round(p50(throughShards) - p50(inProcess))} ms`);
  log(`one shard's ping round trip: p50 ${p50(pings)} ms, p95 ${p95(pings)} ms`);

  const perShard = cluster.replicas
    .filter((r) => r.replica === 0)
    .map((r) => ({
      shard: r.shard,
      accounts: r.ready.accounts,
      typedArrayBytes: r.ready.bytes,
      rssBytes: r.ready.rss,
      buildSeconds: r.ready.buildSeconds,
      bytesPerAccount: round(r.ready.bytes / r.ready.accounts, 1),
      rssPerAccount: round(r.ready.rss / r.ready.accounts, 1),
    }));
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    accounts,
    seed,
    shards,
    replicas,
    machine: {
      cores: availableParallelism(),
      loadAverageAtStart: round(loadAtStart, 1),
      loadAverageAtEnd: round(loadavg()[0]!, 1),
    },
    equal: {
      estimates: equal,
      of: mix.length,
      memberPanelCounts: countsEqual,
      ofPanels: panelMix.length,
      insightsCountPanels: insightsEqual,
      ofInsights: insightsMix.length,
    },
    clusterStartSeconds: round(clusterSeconds, 1),
    single: {
      buildSeconds: round(singleBuildSeconds, 1),
      typedArrayBytes: single.stats.bytes,
      bytesPerAccount: round(single.stats.bytes / single.stats.accounts, 1),
    },
    estimateMs: {
      inProcess: { p50: p50(inProcess), p95: p95(inProcess) },
      sharded: { p50: p50(throughShards), p95: p95(throughShards) },
      fanOutOverheadP50: round(p50(throughShards) - p50(inProcess)),
      pingRoundTrip: { p50: p50(pings), p95: p95(pings) },
    },
    insightsMs: {
      members: { min: Math.min(...insightsMembers), max: Math.max(...insightsMembers) },
      inProcess: { p50: p50(insightsInProcess), p95: p95(insightsInProcess) },
      sharded: { p50: p50(insightsSharded), p95: p95(insightsSharded) },
    },
    perShard,
  };
  const out = values.out ?? join(here, '..', 'results', `shards-${accounts}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${out}`);
  // The proof at scale: any count that differs from the single engine's fails the run (exit code 1).
  const unequal = mix.length - equal + (panelMix.length - countsEqual) + (insightsMix.length - insightsEqual);
  if (unequal > 0) {
    log(`FAIL  ${unequal} answers through the shards differ from the single engine's`);
    process.exitCode = 1;
  } else log('PASS  every count through the shards equals the single engine');
  await nc.close();
} finally {
  await cluster?.stop();
  await nats.stop();
}
