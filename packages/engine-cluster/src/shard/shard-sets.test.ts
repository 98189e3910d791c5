import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryEngine, type AudienceEngine } from '@murmur/engine';
import { fixtureIndex, fixtureLines, NETWORK_A, pkg } from '@murmur/engine/testing';
import { startNats, type RunningNats } from './nats-server';
import { startReplica, startReplicas, type ReplicaOptions, type ShardReplica } from './replicas';
import { ShardedEngine } from './sharded-engine';
import { decodePart, encodePart } from './shard-sets';

describe('a pushed set as stored per shard', () => {
  it.each([
    ['sparse (a list)', [3, 4, 9, 10, 300_000, 600_003, 4, 7.5, -1]],
    ['dense (a bitset)', Array.from({ length: 3000 }, (_, n) => n)],
  ])('keeps exactly the shard’s members, %s', (_, members) => {
    for (let shard = 0; shard < 3; shard++) {
      const spec = { shard, shards: 3 };
      const part = encodePart('Buyers', members, spec);
      const owned = [...new Set(members)].filter((n) => Number.isInteger(n) && n >= 0 && n % 3 === shard);
      expect([...decodePart(part, spec)]).toEqual(owned.sort((a, b) => a - b));
    }
    expect(encodePart('x', members, { shard: 0, shards: 3 }).encoding).toBe(
      members.length > 100 ? 'bits' : 'list',
    );
  });
});

const SHARDS = 2;
const PREFIX = 'test.sets';
/** A package naming the pushed set (and a handle, so it stays non-empty once the set is removed). */
const WITH_SET = pkg({ custom_audiences: [{ name: 'Buyers' }], handles: [{ handle: 'nasa' }] });
const ONLY_SET = pkg({ custom_audiences: [{ name: 'Buyers' }], gender: ['female'] });

let dir: string;
let nats: RunningNats;
let nc: NatsConnection;
let options: Omit<ReplicaOptions, 'replicas' | 'concurrency'>;
let cluster: Awaited<ReturnType<typeof startReplicas>> | undefined;
const restarted: ShardReplica[] = [];
let single: AudienceEngine;
let members: number[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'murmur-shard-sets-'));
  const exportFile = join(dir, 'export.ndjson');
  writeFileSync(exportFile, fixtureLines(NETWORK_A).join('\n') + '\n');
  nats = await startNats({ jetstream: true });
  nc = await connect({ servers: nats.url });
  options = { exportFile, natsUrl: nats.url, shards: SHARDS, prefix: PREFIX };
  cluster = await startReplicas({ ...options, replicas: 1 });
  const index = await fixtureIndex(NETWORK_A);
  single = inMemoryEngine(index);
  // Two accounts in three: members on both shards.
  members = Array.from({ length: index.size }, (_, n) => n).filter((n) => n % 3 !== 1);
}, 120_000);

afterAll(async () => {
  for (const r of restarted) {
    if (r.process.exitCode === null && r.process.signalCode === null) {
      const exited = once(r.process, 'exit');
      r.process.kill('SIGTERM');
      await exited;
    }
  }
  await cluster?.stop();
  await nc?.close();
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const counts = async (engine: ShardedEngine) =>
  Promise.all([WITH_SET, ONLY_SET].map(async (p) => (await engine.estimate({ pkg: p })).sampleCount));

describe('sets pushed to the shards', () => {
  it('are registered on every shard, and again on a replica that restarts', async () => {
    single.registerCustomAudience('Buyers', members);
    const expected = [WITH_SET, ONLY_SET].map((p) => single.estimate(p).sampleCount);
    // The set changes the counts: a shard without it would answer differently.
    single.removeCustomAudience('Buyers');
    const without = single.estimate(WITH_SET).sampleCount;
    expect(expected[0]).toBeGreaterThan(without);
    expect(expected[1]).toBeGreaterThan(0);

    const sharded = await ShardedEngine.open({ nc, shards: SHARDS, prefix: PREFIX, timeoutMs: 10_000 });
    await sharded.registerSet('Buyers', members);
    expect(await counts(sharded)).toEqual(expected);

    // Shard 0's only replica is killed (no clean stop) and another one started: it reads the set
    // from JetStream before it serves.
    const old = cluster!.replicas.find((r) => r.shard === 0)!;
    const exited = once(old.process, 'exit');
    old.process.kill('SIGKILL');
    await exited;
    restarted.push(await startReplica(options, 0, 1));
    const [info] = await sharded.scatter('ping', null);
    expect(info!.replica).toBe('0.1');
    expect(await counts(sharded)).toEqual(expected);

    // Removed: every shard forgets it, as the single engine does.
    await sharded.removeSet('Buyers');
    expect((await sharded.estimate({ pkg: WITH_SET })).sampleCount).toBe(without);
  }, 120_000);
});

describe('a replica that does not come to serve', () => {
  it('is killed after readyTimeoutMs, and its start fails saying so', async () => {
    await expect(startReplica({ ...options, readyTimeoutMs: 1 }, 1, 9)).rejects.toThrow(
      /shard 1 replica 9 not serving after 0\.001 s/,
    );
  });
});
