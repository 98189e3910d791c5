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
import {
  buildIndex,
  EvaluatedSets,
  inMemoryEngine,
  summariseOverlap,
  type OverlapSummary,
} from '@murmur/engine';
import { ShardedEngine, startNats, startReplicas } from '@murmur/engine-cluster';
import { ensureExportFile } from '../engine/export-file';
import { chooseAudiences } from './select';

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

const chosen = chooseAudiences(index, single, AUDIENCES);
const queries = chosen.map((c) => c.query);
log(
  `${AUDIENCES} audiences of ${chosen[0]!.size}–${chosen.at(-1)!.size} members over ${index.stats.accounts} accounts`,
);

// The single engine's time split in three: evaluating the packages, counting, summarising. Cold:
// every package evaluated (a new cache); warm: the sets kept from an earlier overlap of the same
// saved audiences (overlap/evaluated-sets.ts, as the shards and the server's engine keep them).
const phases = { evaluate: [] as number[], count: [] as number[], summarise: [] as number[] };
const warmCache = new EvaluatedSets();
const inProcess = (cache: EvaluatedSets, record: boolean): OverlapSummary => {
  const t0 = performance.now();
  const sets = queries.map((q) => cache.get(single, q));
  const t1 = performance.now();
  const counts = single.overlapMany(sets);
  const t2 = performance.now();
  const summary = summariseOverlap(counts, COMBINATIONS);
  if (record) {
    phases.evaluate.push(t1 - t0);
    phases.count.push(t2 - t1);
    phases.summarise.push(performance.now() - t2);
  }
  return summary;
};

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
  const singleWarmMs: number[] = [];
  const shardedMs: number[] = [];
  const summaries: OverlapSummary[] = [inProcess(warmCache, false)];
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    summaries.push(inProcess(new EvaluatedSets(), true));
    singleMs.push(performance.now() - t);
    t = performance.now();
    summaries.push(inProcess(warmCache, false));
    singleWarmMs.push(performance.now() - t);
    // The shards keep the sets they evaluated: the first round is cold, the others warm.
    t = performance.now();
    summaries.push(await throughShards());
    shardedMs.push(performance.now() - t);
  }
  const one = summaries[1]!;
  const equal = summaries.every((x) => JSON.stringify(x) === JSON.stringify(one));
  const verdict = (ms: number) => (ms <= TARGET_MS ? 'meets' : 'MISSES');
  log(`counts equal (pairs, unique, union, top ${COMBINATIONS} combinations, reach plan): ${equal}`);
  log(`combinations met: ${one.combinationsTotal}; union ${one.union} accounts`);
  const shardedWarm = shardedMs.slice(1);
  log(
    `single engine, packages evaluated: p50 ${round(p50(singleMs))} ms (target ${TARGET_MS} ms: ${verdict(p50(singleMs))})`,
  );
  log(
    `  of which (p50 each): evaluate the ${AUDIENCES} packages ${round(p50(phases.evaluate))} ms, ` +
      `count the combinations ${round(p50(phases.count))} ms, summarise ${round(p50(phases.summarise))} ms`,
  );
  log(`single engine, sets kept from an earlier overlap: p50 ${round(p50(singleWarmMs))} ms`);
  log(
    `through ${shards} shards, packages evaluated (first round): ${round(shardedMs[0]!)} ms (target ${TARGET_MS} ms: ${verdict(shardedMs[0]!)})`,
  );
  if (shardedWarm.length > 0)
    log(
      `through ${shards} shards, sets kept: p50 ${round(p50(shardedWarm))} ms (target ${TARGET_MS} ms: ${verdict(p50(shardedWarm))})`,
    );
  log(`at end: ${load()}`);
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    accounts: index.stats.accounts,
    seed,
    audiences: AUDIENCES,
    members: { min: chosen[0]!.size, max: chosen.at(-1)!.size },
    combinations: one.combinationsTotal,
    rounds,
    shards,
    machine: { cores: availableParallelism(), loadAverage: loadavg().map(round) },
    targetMs: TARGET_MS,
    singleMs: { p50: round(p50(singleMs)), all: singleMs.map(round) },
    singlePhasesP50Ms: {
      evaluate: round(p50(phases.evaluate)),
      count: round(p50(phases.count)),
      summarise: round(p50(phases.summarise)),
    },
    singleWarmMs: { p50: round(p50(singleWarmMs)), all: singleWarmMs.map(round) },
    shardedMs: {
      coldFirstRound: round(shardedMs[0]!),
      warmP50: shardedWarm.length > 0 ? round(p50(shardedWarm)) : null,
      all: shardedMs.map(round),
    },
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
