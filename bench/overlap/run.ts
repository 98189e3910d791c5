// npm run bench:overlap -- [--accounts 1000000] [--shards 4] [--rounds 5] [--out <file>] — the
// overlap of 50 audiences of 10 k–400 k members (scaled to the network: 1 %–40 % of its accounts),
// timed as the overlap job computes it (evaluate the 50 packages, count every membership
// combination, summarise: the 30 largest combinations and the reach plan) in one engine and through
// shards on NATS (replica processes, as bench:shards), with the counts compared. Printed beside the
// 2 s target with the machine's load. BENCH_ACCOUNTS for a quick run (e.g. 100000); BENCH_SEED,
// BENCH_EXPORT_DIR as bench:engine. Lookalikes are measured beside it (lookalike.ts, bench:lookalike).
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connect } from '@nats-io/transport-node';
import { buildIndex, inMemoryEngine, summariseOverlap, type OverlapSummary } from '@murmur/engine';
import { ShardedEngine, startNats, startReplicas } from '@murmur/engine-cluster';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { ensureExportFile } from '../engine/export-file';
import { benchPackages } from '../engine/packages';

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: process.env.BENCH_ACCOUNTS ?? '1000000' },
    shards: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
    out: { type: 'string' },
  },
});
const accounts = Number(values.accounts);
const shards = Number(values.shards);
const rounds = Number(values.rounds);
const seed = process.env.BENCH_SEED ?? 'murmur';
const TARGET_MS = 2000;
const AUDIENCES = 50;
const COMBINATIONS = 30;
const here = dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.log(line);
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`;
const p50 = (v: readonly number[]) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)]!;
const round = (v: number) => Number(v.toFixed(1));
log(`at start: ${load()}`);

const exportFile = await ensureExportFile(accounts, seed, log);
const index = await buildIndex(createReadStream(exportFile, { encoding: 'utf8' }) as AsyncIterable<string>);
const single = inMemoryEngine(index);

// 10 k–400 k members at 1 M accounts: the same shares of a smaller network.
const [low, high] = [0.01 * index.stats.accounts, 0.4 * index.stats.accounts];
// Candidates: bench:engine's mix, and one-interest and one-word audiences (what an advertiser saves).
const single1 = (field: 'interest' | 'postWord', min: number, max: number) =>
  index.terms
    .termsOf(field)
    .filter((t) => index.postings.count(t) >= min && index.postings.count(t) <= max)
    .map((t) => index.terms.value(t))
    .sort()
    .map((value) =>
      targetingPackageSchema.parse(
        field === 'interest'
          ? { interests: [{ label: index.catalogue.name('interests', value) ?? value, id: value }] }
          : { keywords: [{ label: value }] },
      ),
    );
const candidates = [
  ...benchPackages(index).map((p) => ({ pkg: p.pkg, exclusions: p.exclusions })),
  ...[...single1('interest', low, high), ...single1('postWord', low, high).slice(0, 100)].map((pkg) => ({
    pkg,
    exclusions: [] as TargetingPackage[],
  })),
];
const sized = candidates
  .map((query) => ({ query, size: single.estimate(query.pkg, { exclusions: query.exclusions }).sampleCount }))
  .filter((p) => p.size >= low && p.size <= high)
  .sort((a, b) => a.size - b.size);
if (sized.length < AUDIENCES)
  throw new Error(`Only ${sized.length} packages of the mix have ${low}–${high} members.`);
// Spread over the range: for 50 sizes log-spaced from low to high, the nearest candidate not yet taken.
const taken = new Set<number>();
const chosen = Array.from({ length: AUDIENCES }, (_, i) => {
  const target = Math.log(low) + ((Math.log(high) - Math.log(low)) * i) / (AUDIENCES - 1);
  let best = -1;
  sized.forEach((c, k) => {
    if (taken.has(k)) return;
    if (best < 0 || Math.abs(Math.log(c.size) - target) < Math.abs(Math.log(sized[best]!.size) - target))
      best = k;
  });
  taken.add(best);
  return sized[best]!;
}).sort((a, b) => a.size - b.size);
const queries = chosen.map((c) => c.query);
log(
  `${AUDIENCES} audiences of ${chosen[0]!.size}–${chosen.at(-1)!.size} members over ${index.stats.accounts} accounts`,
);

const inProcess = (): OverlapSummary =>
  summariseOverlap(
    single.overlapMany(queries.map((q) => single.evaluate(q.pkg, { exclusions: q.exclusions }))),
    COMBINATIONS,
  );

const nats = await startNats();
let cluster: Awaited<ReturnType<typeof startReplicas>> | undefined;
try {
  cluster = await startReplicas({ exportFile, natsUrl: nats.url, shards, replicas: 1, concurrency: 2, log });
  const nc = await connect({ servers: nats.url });
  // An overlap reply carries every combination met: generous timeouts at 1 M accounts.
  const sharded = await ShardedEngine.open({ nc, shards, timeoutMs: 30_000, insightsTimeoutMs: 60_000 });
  const throughShards = async (): Promise<OverlapSummary> =>
    summariseOverlap(await sharded.overlapMany(queries), COMBINATIONS);

  const singleMs: number[] = [];
  const shardedMs: number[] = [];
  let one: OverlapSummary | undefined;
  let merged: OverlapSummary | undefined;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    one = inProcess();
    singleMs.push(performance.now() - t);
    t = performance.now();
    merged = await throughShards();
    shardedMs.push(performance.now() - t);
  }
  const equal = JSON.stringify(one) === JSON.stringify(merged);
  const verdict = (ms: number) => (ms <= TARGET_MS ? 'meets' : 'MISSES');
  log(`counts equal (pairs, unique, union, top ${COMBINATIONS} combinations, reach plan): ${equal}`);
  log(`combinations met: ${one!.combinationsTotal}; union ${one!.union} accounts`);
  log(`single engine: p50 ${round(p50(singleMs))} ms (target ${TARGET_MS} ms: ${verdict(p50(singleMs))})`);
  log(
    `through ${shards} shards: p50 ${round(p50(shardedMs))} ms (target ${TARGET_MS} ms: ${verdict(p50(shardedMs))})`,
  );
  log(`at end: ${load()}`);
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    accounts: index.stats.accounts,
    seed,
    audiences: AUDIENCES,
    members: { min: chosen[0]!.size, max: chosen.at(-1)!.size },
    combinations: one!.combinationsTotal,
    rounds,
    shards,
    machine: { cores: availableParallelism(), loadAverage: loadavg().map(round) },
    targetMs: TARGET_MS,
    singleMs: { p50: round(p50(singleMs)), all: singleMs.map(round) },
    shardedMs: { p50: round(p50(shardedMs)), all: shardedMs.map(round) },
    countsEqual: equal,
  };
  const out = values.out ?? join(here, '..', 'results', `overlap-${index.stats.accounts}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${out}`);
  await nc.close();
  if (!equal) process.exitCode = 1;
} finally {
  await cluster?.stop();
  await nats.stop();
}
