import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  buildIndex,
  inMemoryEngine,
  sharesOf,
  ShardUnavailableError,
  type AudienceEngine,
  type AudienceInsights,
  type FieldCounts,
  type Share,
} from '@murmur/engine';
import {
  DEFAULT_PREFIX,
  publishShardMap,
  readShardMap,
  readSnapshotLocation,
  registeredReplicas,
  ShardedEngine,
  SNAPSHOT_BUCKET,
  startNats,
  startReplica,
  startReplicas,
  type RunningNats,
  type ShardReplica,
} from '@murmur/engine-cluster';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchPackages, type BenchPackage } from '../../../../bench/engine/packages';
import { ServiceUnavailable } from '../errors';
import { shardedServerEngine } from './engine-async';
import { createTestApp } from '../test/test-app';
import { buildEngineInBackground } from './engine-holder';

/**
 * Shards answer as one engine (docs/engine.md), proven at test size: the sandbox export served by
 * SHARDS shards × 2 replicas (shard processes on a nats-server of their own) gives, package for package
 * of bench:engine's mix, the single engine's estimate and member-panel counts, and every insights panel
 * (count panels deep-equal, sampled or not; the community and network panels too while the core is
 * every member, drawn in proportion and well-formed when it is not); a replica killed with SIGKILL
 * mid-run changes no answer; with every replica of a shard gone the question fails naming the shard
 * (503 in the API). The 1 M run is `npm run bench:shards` (bench/README.md).
 */
const ACCOUNTS = 6000;
const SHARDS = 3;

let dir: string;
let exportFile: string;
let nats: RunningNats;
let nc: NatsConnection;
let cluster: Awaited<ReturnType<typeof startReplicas>>;
let single: AudienceEngine;
let sharded: ShardedEngine;
let mix: BenchPackage[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'murmur-shards-'));
  exportFile = join(dir, 'export.ndjson');
  const out = createWriteStream(exportFile, { encoding: 'utf8' });
  for await (const chunk of exportChunks(generateNetwork({ accounts: ACCOUNTS, seed: 'murmur-shards' }))) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  nats = await startNats({ jetstream: true });
  cluster = await startReplicas({
    exportFile,
    natsUrl: nats.url,
    shards: SHARDS,
    replicas: 2,
    concurrency: 3,
  });
  const index = await buildIndex(createReadStream(exportFile, { encoding: 'utf8' }) as AsyncIterable<string>);
  single = inMemoryEngine(index);
  mix = benchPackages(index);
  nc = await connect({ servers: nats.url });
  await publishShardMap(nc, { shards: SHARDS, prefix: DEFAULT_PREFIX, source: exportFile });
  sharded = await ShardedEngine.open({ nc, shards: SHARDS, timeoutMs: 1000 });
}, 120_000);

afterAll(async () => {
  await nc?.close();
  await cluster?.stop();
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const singleEstimate = (p: BenchPackage) => single.estimate(p.pkg, { exclusions: p.exclusions });
const singleInsights = (p: BenchPackage, options?: Parameters<AudienceEngine['insights']>[1]) =>
  single.insights(single.evaluate(p.pkg, { exclusions: p.exclusions }), options);

/** Panels drawn from a sample of members in proportion to the shards (equal in distribution). */
const DRAWN = ['sampleAccounts', 'communities', 'network'] as const;
/** Every panel but the timing and the drawn ones: counts, shares, affinities, rankings. */
function countPanels(insights: AudienceInsights) {
  const panels: Partial<AudienceInsights> = { ...insights };
  delete panels.ms;
  for (const drawn of DRAWN) delete panels[drawn];
  return panels;
}

/** Graph panels well-formed: sizes within bounds, edges between listed nodes, members only. */
function expectWellFormedGraphPanels(
  got: AudienceInsights,
  members: number,
  communityNodes: number,
  shards: number,
) {
  const { communities, network, sampleAccounts } = got;
  expect(sampleAccounts).toHaveLength(Math.min(12, members));
  expect(new Set(sampleAccounts.map((a) => a.account)).size).toBe(sampleAccounts.length);
  // The core: every member while the audience is small, else each shard's share (± rounding).
  if (members <= communityNodes) expect(communities.nodes).toBe(members);
  else expect(Math.abs(communities.nodes - communityNodes)).toBeLessThanOrEqual(shards);
  expect(communities.communities.length).toBeLessThanOrEqual(10);
  communities.communities.forEach((c, id) => {
    expect(c.id).toBe(id);
    expect(c.share).toBeGreaterThan(0);
    expect(c.topAccounts.length).toBeGreaterThan(0);
    expect(c.topAccounts.every((a) => a.handle !== '')).toBe(true);
  });
  expect(communities.otherShare).toBeGreaterThanOrEqual(0);
  expect(network.nodes.length).toBe(Math.min(150, communities.nodes));
  expect(network.nodes.every((n) => n.handle !== '' && n.community < communities.communities.length)).toBe(
    true,
  );
  for (const [a, b] of network.edges) {
    expect(a).toBeLessThan(network.nodes.length);
    expect(b).toBeLessThan(network.nodes.length);
  }
}
const byKey = (shares: readonly Share[]) => new Map(shares.map((s) => [s.key, s]));

function expectSameCounts(merged: FieldCounts, one: FieldCounts) {
  expect(merged.members).toBe(one.members);
  expect(merged.population).toBe(one.population);
  for (const [field, values] of Object.entries(one.fields)) {
    const got = new Map((merged.fields[field as keyof FieldCounts['fields']] ?? []).map((v) => [v.value, v]));
    for (const v of values) expect(got.get(v.value), `${field} ${v.value}`).toEqual(v);
    expect(got.size).toBe(values.length);
  }
}

describe(`the engine as ${SHARDS} shards × 2 replicas on NATS`, () => {
  it('owns every account once, across the shards', () => {
    expect(sharded.shardInfo.map((i) => i.shard)).toEqual([0, 1, 2]);
    expect(sharded.accounts).toBe(single.stats.accounts);
    expect(sharded.scale).toBe(single.scale);
  });

  it("gives the single engine's estimate for each of the 200 packages of bench:engine's mix", async () => {
    expect(mix).toHaveLength(200);
    const answers = await Promise.all(mix.map((p) => sharded.estimate(p)));
    answers.forEach((answer, i) => expect(answer, mix[i]!.name).toEqual(singleEstimate(mix[i]!)));
    // Not a mix of empty answers: most packages reach someone.
    expect(answers.filter((a) => a.sampleCount > 0).length).toBeGreaterThan(100);
  });

  it("gives the single engine's member-panel counts, and the demographics panel's shares and affinities", async () => {
    for (const p of mix.slice(0, 24)) {
      const audience = single.evaluate(p.pkg, { exclusions: p.exclusions });
      const merged = await sharded.fieldCounts(p);
      expectSameCounts(merged, single.fieldCounts(audience));
      if (audience.sampleCount === 0) continue;
      const { demographics } = single.explore.panels(audience, ['demographics']);
      const shown: [keyof FieldCounts['fields'], Share[]][] = [
        ['gender', demographics.gender],
        ['language', demographics.languages],
        ['country', demographics.countries],
        ['region', demographics.regions],
        ['ageBand', demographics.ageBands],
      ];
      for (const [field, shares] of shown) {
        const ours = byKey(sharesOf(merged, field));
        for (const s of shares) {
          const m = ours.get(s.key) ?? { key: s.key, count: 0, share: 0 };
          expect(m.count, `${p.name} ${field} ${s.key}`).toBe(s.count);
          expect(m.share).toBeCloseTo(s.share, 12);
          if (s.count > 0) {
            expect((m as Share).populationShare).toBeCloseTo(s.populationShare, 12);
            expect((m as Share).affinity).toBeCloseTo(s.affinity!, 9);
          }
        }
      }
    }
  });

  it("gives the single engine's insights, panel for panel, for audiences of the mix", async () => {
    const audiences = mix.filter((p) => singleEstimate(p).sampleCount > 0).slice(0, 8);
    expect(audiences.length).toBe(8);
    for (const p of audiences) {
      const one = singleInsights(p);
      const merged = await sharded.insights(p);
      // Every count-based panel deep-equal: counts, shares, affinities, rankings and their ties.
      expect(countPanels(merged), p.name).toEqual(countPanels(one));
      // Under 10 000 members the community core is every member: the graph panels are equal too.
      expect(merged.communities, p.name).toEqual(one.communities);
      expect(merged.network, p.name).toEqual(one.network);
      expectWellFormedGraphPanels(merged, one.summary.sampleCount, 10_000, SHARDS);
    }
  });

  it('gives the same count panels when the single engine samples, and graph panels drawn in proportion', async () => {
    const options = { sampleSize: 500, graphSampleSize: 300, communityNodes: 200, top: 10 };
    const size = (p: BenchPackage) => singleEstimate(p).sampleCount;
    // The four largest audiences of the mix (ties: the mix's order).
    const audiences = [...mix].sort((a, b) => size(b) - size(a)).slice(0, 4);
    expect(size(audiences[3]!)).toBeGreaterThan(options.sampleSize);
    for (const p of audiences) {
      const one = singleInsights(p, options);
      expect(one.interests.basis.sampled).toBe(true);
      expect(one.engagement.basis.sampled).toBe(true);
      const merged = await sharded.insights(p, options);
      expect(countPanels(merged), p.name).toEqual(countPanels(one));
      expectWellFormedGraphPanels(merged, one.summary.sampleCount, options.communityNodes, SHARDS);
      expect(merged.communities.basis).toEqual(one.communities.basis);
    }
  });

  it('keeps the shard map and the serving replicas in JetStream KV', async () => {
    expect(await readShardMap(nc)).toEqual({ shards: SHARDS, prefix: DEFAULT_PREFIX, source: exportFile });
    const replicas = await registeredReplicas(nc);
    expect(replicas.map((r) => `${r.shard}:${r.replica}`)).toEqual([
      '0:0.0',
      '0:0.1',
      '1:1.0',
      '1:1.1',
      '2:2.0',
      '2:2.1',
    ]);
    expect(replicas.reduce((sum, r) => sum + (r.replica.endsWith('.0') ? r.accounts : 0), 0)).toBe(
      single.stats.accounts,
    );
  });

  it("stores each shard's snapshot in the JetStream object store; a replica started later loads it instead of the export", async () => {
    for (let shard = 0; shard < SHARDS; shard++) {
      expect(await readSnapshotLocation(nc, DEFAULT_PREFIX, { shard, shards: SHARDS })).toMatchObject({
        bucket: SNAPSHOT_BUCKET,
        source: expect.stringContaining(`shard ${shard} of ${SHARDS}`) as unknown,
      });
    }
    const late = await startReplica({ exportFile, natsUrl: nats.url, shards: SHARDS }, 0, 2);
    try {
      expect(late.ready.from).toBe('snapshot');
      expect(late.ready.accounts).toBe(cluster.replicas.find((r) => r.shard === 0)!.ready.accounts);
      // It serves in shard 0's queue group beside the others: every answer still exact.
      for (const p of mix.slice(0, 30)) expect(await sharded.estimate(p)).toEqual(singleEstimate(p));
    } finally {
      const exited = once(late.process, 'exit');
      late.process.kill('SIGTERM');
      await exited;
    }
  });

  it('serves the API server: its holder answers estimates, and the insights route reports, through the shards', async () => {
    const holder = buildEngineInBackground({
      source: createReadStream(exportFile, { encoding: 'utf8' }) as AsyncIterable<string>,
      shards: { natsUrl: nats.url },
    });
    expect(() => holder.audiences()).toThrow(ServiceUnavailable);
    await holder.ready();
    const audiences = holder.audiences();
    expect(audiences.kind).toBe('shards');
    for (const p of mix.slice(0, 20)) expect(await audiences.estimate(p)).toEqual(singleEstimate(p));

    // The insights route scatters the report to the shards instead of building it here: a plain
    // subscriber sees a copy of every request the shards' queue groups get.
    const t = await createTestApp({}, { engine: holder });
    const partials = nc.subscribe(`${DEFAULT_PREFIX}.*.insightsPartial`);
    let scattered = 0;
    void (async () => {
      for await (const _ of partials) scattered++;
    })();
    try {
      const { tokenAuth } = await t.signIn('shards@example.com');
      const asked = mix.filter((p) => p.exclusions.length === 0 && singleEstimate(p).sampleCount > 0);
      for (const p of asked.slice(0, 2)) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/audience-configs/insights/?wait=1',
          headers: tokenAuth,
          payload: { targeting_package: p.pkg },
        });
        expect(res.statusCode, res.body).toBe(200);
        const { job } = res.json<{
          job: { state: string; result: AudienceInsights & { estimate: unknown; baseline: unknown } };
        }>();
        expect(job.state).toBe('done');
        // The route adds the estimate and the baseline it compared with (the whole network).
        const { estimate, baseline, ...report } = job.result;
        expect(baseline).toMatchObject({ kind: 'network' });
        const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
        expect(countPanels(report), p.name).toEqual(plain(countPanels(singleInsights(p))));
        expect(estimate).toMatchObject({ sample_count: singleEstimate(p).sampleCount });
      }
      await nc.flush();
      expect(scattered).toBe(2 * SHARDS);
    } finally {
      partials.unsubscribe();
      await t.app.close();
      await holder.close();
    }
  });

  it('answers the same while a replica is killed (SIGKILL) mid-run: another replica of its shard answers', async () => {
    const victim = cluster.replicas.find((r) => r.shard === 1 && r.replica === 0)!;
    const exited = once(victim.process, 'exit');
    const run = Promise.all(
      mix.map(async (p, i) => {
        if (i === 40) victim.process.kill('SIGKILL');
        return sharded.estimate(p);
      }),
    );
    const answers = await run;
    await exited;
    answers.forEach((answer, i) => expect(answer, mix[i]!.name).toEqual(singleEstimate(mix[i]!)));
    // And after it: shard 1 has one replica left, every count still exact.
    for (const p of mix.slice(0, 50)) expect(await sharded.estimate(p)).toEqual(singleEstimate(p));
  });

  it('with every replica of a shard down, fails naming the shard (the API: 503), never a smaller count', async () => {
    const left = cluster.replicas.filter((r: ShardReplica) => r.shard === 2);
    await Promise.all(
      left.map(async (r) => {
        const exited = once(r.process, 'exit');
        r.process.kill('SIGKILL');
        await exited;
      }),
    );
    const p = mix[0]!;
    await expect(sharded.estimate(p)).rejects.toThrow(ShardUnavailableError);
    await expect(sharded.estimate(p)).rejects.toThrow(/Shard 2 of the audience engine is unavailable/);
    await expect(sharded.insights(p)).rejects.toThrow(/Shard 2 of the audience engine is unavailable/);
    const api = shardedServerEngine(sharded);
    const failure = await Promise.resolve(api.estimate(p)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ServiceUnavailable);
    expect((failure as ServiceUnavailable).statusCode).toBe(503);
    expect((failure as Error).message).toMatch(/Shard 2/);
    const insightsFailure = await Promise.resolve(api.insights!(p)).catch((e: unknown) => e);
    expect(insightsFailure).toBeInstanceOf(ServiceUnavailable);
    expect((insightsFailure as Error).message).toMatch(/Shard 2/);
  });
});
