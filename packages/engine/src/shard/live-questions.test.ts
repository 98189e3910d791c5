import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AudienceInsights } from '@murmur/core/insights';
import { ownerOf, partitionOf } from '@murmur/core/live';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSIGHTS_DEFAULTS } from '../insights/context';
import { createLiveEngine } from '../live/live-engine';
import { baseModel, randomEvents } from '../testing/live-model';
import { pkg } from '../testing/network-a';
import { seededRandom } from '../testing/random';
import {
  createLiveShardEngine,
  readLiveShardSnapshot,
  writeLiveShardSnapshot,
  type LiveShardEngine,
} from './live-shard';
import { LiveShardQuestions, UnknownQuestionError } from './live-questions';
import { MergedDictionary, shardedInsights, type ShardAsker } from './merge-insights';
import { LiveVersionBehindError, type ShardDictionary } from './shard-insights';
import type { ShardRequests } from './shard-requests';

/** Through JSON, as on the wire. */
const wire = <T>(value: unknown): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * One question over live shards in this thread, as shard-service.ts serves it: the dictionary pins
 * each shard's version, every round trip names the question, describe (the last) releases it.
 */
function question(
  held: readonly LiveShardQuestions[],
  name: string,
): ShardAsker & { dictionary: MergedDictionary } {
  const dictionary = new MergedDictionary(held.map((h) => wire<ShardDictionary>(h.dictionary(name))));
  const answer = (h: LiveShardQuestions, op: keyof ShardRequests, input: { question?: string }): unknown => {
    switch (op) {
      case 'estimate':
        return h.estimate(input.question, input as ShardRequests['estimate']);
      case 'insightsPartial':
        return h.of(input.question).partial(input as ShardRequests['insightsPartial']);
      case 'insightsGraph':
        return h.of(input.question).graph(input as ShardRequests['insightsGraph']);
      case 'insightsResolve':
        return h.of(input.question).resolve(input as ShardRequests['insightsResolve']);
      case 'insightsDescribe':
        try {
          return h.of(input.question).describe(input as ShardRequests['insightsDescribe']);
        } finally {
          h.finish(input.question);
        }
      case 'insightsDictionary':
      case 'fieldCounts':
      case 'lookup':
      case 'ping':
      case 'overlapMany':
      case 'lookalikeKeys':
      case 'lookalikeCount':
      case 'lookalikePopulation':
      case 'lookalikeRank':
      case 'lookalikeDescribe':
      case 'lookalikeJoint':
      case 'liveStatus':
      case 'questionFinish':
      case 'censusCore':
      case 'communityCensus':
        throw new Error(`${op}: not asked by insights`);
    }
  };
  return {
    shards: held.length,
    dictionary,
    ask: <K extends keyof ShardRequests, T>(shard: number, op: K, input: ShardRequests[K]) =>
      Promise.resolve(wire<T>(answer(held[shard]!, op, wire({ ...input, question: name })))),
  };
}

/** The panels that are counts (everything but the sample accounts), without the timing. */
const counted = (i: AudienceInsights) => {
  const { ms: _ms, sampleAccounts: _sample, ...rest } = i;
  return rest;
};

const PACKAGES = [
  pkg({ languages: [{ label: 'English' }, { label: 'Japanese' }, { label: 'Spanish' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
];

async function network() {
  const rand = seededRandom(33);
  const m = baseModel(rand, 90, 140);
  const exported = m.lines();
  const events = randomEvents(m, rand, 600);
  const single = await createLiveEngine(exported);
  const shards = 2;
  const parts: LiveShardEngine[] = await Promise.all(
    Array.from({ length: shards }, (_, shard) => createLiveShardEngine(exported, { shard, shards })),
  );
  const apply = (from: number, to: number) => {
    for (let i = from; i < to; i += 50) {
      single.apply(events.slice(i, Math.min(i + 50, to)));
      for (const part of parts) part.apply(events.slice(i, Math.min(i + 50, to)));
    }
  };
  return { single, parts, apply, events, exported };
}

describe('live shard questions', () => {
  afterEach(() => vi.useRealTimers());

  it('answer every round trip over the version the dictionary pinned, whatever is applied meanwhile', async () => {
    const { single, parts, apply, events } = await network();
    const half = Math.floor(events.length / 2);
    apply(0, half);
    const held = parts.map((part) => new LiveShardQuestions(part));
    const expected = PACKAGES.map((p) => counted(single.insights(single.evaluate(p))));
    const sizes = PACKAGES.map((p) => single.estimate(p).sampleCount);
    const askers = PACKAGES.map((_, i) => question(held, `q${i}`));
    expect(held.map((h) => h.size)).toEqual([2, 2]);
    // The rest of the log (accounts, posts, terms born live) lands after the dictionaries.
    apply(half, events.length);
    for (const [i, p] of PACKAGES.entries()) {
      const merged = await shardedInsights(askers[i]!, askers[i]!.dictionary, single.scale, { pkg: p });
      expect(counted(merged), JSON.stringify(p)).toEqual(expected[i]);
    }
    // Each question was released by its last round trip.
    expect(held.map((h) => h.size)).toEqual([0, 0]);
    // Not vacuous: the log after the pin changed the answers, and a new question reads the new version.
    expect(PACKAGES.map((p) => single.estimate(p).sampleCount)).not.toEqual(sizes);
    for (const p of PACKAGES) {
      const asker = question(held, 'later');
      const merged = await shardedInsights(asker, asker.dictionary, single.scale, { pkg: p });
      expect(counted(merged)).toEqual(counted(single.insights(single.evaluate(p))));
    }
  });

  it('refuse a round trip of a question never asked, released, or pushed out by newer ones', async () => {
    // Built before the timers are faked: the build turns the event loop between its stages.
    const { parts } = await network();
    vi.useFakeTimers();
    const held = new LiveShardQuestions(parts[0]!, { keep: 2, ttlMs: 1000 });
    const audience = { pkg: PACKAGES[0]! };
    expect(() => held.estimate('never', audience)).toThrow(UnknownQuestionError);
    expect(() => held.of(undefined)).toThrow(UnknownQuestionError);
    held.dictionary('a');
    held.dictionary('b');
    expect(held.estimate('a', audience).sampleCount).toBeGreaterThan(0);
    held.dictionary('c');
    expect(held.size).toBe(2);
    expect(() => held.of('a')).toThrow(/not held on this replica/);
    expect(held.of('b')).toBe(held.of('b'));
    held.finish('b');
    expect(() => held.of('b')).toThrow(UnknownQuestionError);
    // A question whose coordinator went away is released after its time.
    vi.advanceTimersByTime(1001);
    expect(held.size).toBe(0);
    expect(() => held.of('c')).toThrow(UnknownQuestionError);
    held.dictionary('d');
    held.close();
    expect(held.size).toBe(0);
  });

  it('refuse to describe an account born live that their version does not hold yet', async () => {
    const { parts, events } = await network();
    const half = Math.floor(events.length / 2);
    parts[0]!.apply(events);
    parts[1]!.apply(events.slice(0, half));
    const { exported } = parts[0]!.shard;
    const ahead = parts[0]!.pin();
    const behind = parts[1]!.pin();
    const slot = (index: typeof ahead.whole, n: number) => index.accounts.slot[n] ?? 0;
    let n = exported;
    while (n < ahead.whole.size && !(slot(ahead.whole, n) && !slot(behind.whole, n))) n++;
    ahead.release();
    behind.release();
    expect(n).toBeLessThan(ahead.whole.size);
    const held = parts.map((part) => new LiveShardQuestions(part));
    const describe = (h: LiveShardQuestions, accounts: number[]) => {
      h.dictionary('q');
      return h.of('q').describe({
        audience: { pkg: PACKAGES[0]! },
        members: 1,
        options: INSIGHTS_DEFAULTS,
        candidates: [],
        core: [],
        community: [],
        communities: 0,
        accounts,
        chosen: [],
      });
    };
    expect(() => describe(held[1]!, [n])).toThrow(LiveVersionBehindError);
    // The shard that applied it, and the shard behind for an account it holds, describe them.
    expect(describe(held[0]!, [n]).accounts.map((a) => a.id)).not.toEqual(['']);
    expect(describe(held[1]!, [exported - 1]).accounts).toHaveLength(1);
  });

  it('over 3 partitions × 2 replicas: applied in sequence order in any batches, and after a restart from a snapshot, number alike and answer as the single engine', async () => {
    const rand = seededRandom(35);
    const m = baseModel(rand, 90, 140);
    const exported = m.lines();
    const events = randomEvents(m, rand, 900);
    const PARTITIONS = 3;
    const shards = 3;
    // The log: event i has sequence i + 1 and its owner's partition (the live contract's rule 8).
    const partition = events.map((e) => partitionOf(ownerOf(e), PARTITIONS));
    const positionOf = (from: number, to: number) => {
      const position: Record<string, number> = {};
      for (let i = from; i < to; i++) position[String(partition[i])] = i + 1;
      return position;
    };
    /** Applies the events after the engine's position (per partition) in sequence order, `size` at a time. */
    const follow = (engine: LiveShardEngine, size: number, to = events.length) => {
      const at = engine.position();
      const fresh = events.map((_, i) => i).filter((i) => i < to && i + 1 > (at[String(partition[i])] ?? 0));
      for (let k = 0; k < fresh.length; k += size) {
        const chunk = fresh.slice(k, k + size);
        const position: Record<string, number> = {};
        for (const i of chunk) position[String(partition[i])] = i + 1;
        engine.apply(
          chunk.map((i) => events[i]!),
          position,
        );
      }
    };
    const single = await createLiveEngine(exported);
    single.apply(events, positionOf(0, events.length));
    const dir = mkdtempSync(join(tmpdir(), 'murmur-live-questions-'));
    try {
      const replicas: { a: LiveShardEngine; b: LiveShardEngine }[] = [];
      for (let shard = 0; shard < shards; shard++) {
        const a = await createLiveShardEngine(exported, { shard, shards });
        follow(a, 50);
        // Replica b: batches of 7, stopped mid-log, restarted from its snapshot, then the rest.
        const before = await createLiveShardEngine(exported, { shard, shards });
        follow(before, 7, 431 + shard * 40);
        const file = join(dir, `shard-${shard}.snapshot`);
        writeLiveShardSnapshot(before, file, 'log');
        const b = readLiveShardSnapshot(file, { shard, shards }, 'log');
        expect(b.position()).toEqual(before.position());
        follow(b, 13);
        replicas.push({ a, b });
      }
      const numbered = (engine: LiveShardEngine) => {
        const { whole, release } = engine.pin();
        release();
        const { slot, ids } = whole.accounts;
        const accounts = Array.from({ length: whole.size }, (_, n) => (slot[n] ? ids.get(slot[n] - 1) : ''));
        const born = accounts.findIndex((id, n) => n >= engine.shard.exported && id === '');
        return {
          accounts: accounts.slice(0, born < 0 ? accounts.length : born),
          posts: Array.from(whole.posts.author.subarray(0, whole.posts.count)),
        };
      };
      for (const { a, b } of replicas) expect(numbered(b)).toEqual(numbered(a));
      // Every mix of replicas answers as the single engine that applied the log in sequence order.
      const mixes = [
        replicas.map((r) => r.a),
        replicas.map((r) => r.b),
        replicas.map((r, i) => (i % 2 ? r.a : r.b)),
      ];
      for (const [k, mix] of mixes.entries()) {
        const held = mix.map((engine) => new LiveShardQuestions(engine));
        for (const [i, p] of PACKAGES.entries()) {
          const asker = question(held, `m${k}-${i}`);
          const merged = await shardedInsights(asker, asker.dictionary, single.scale, { pkg: p });
          expect(counted(merged), JSON.stringify([k, p])).toEqual(
            counted(single.insights(single.evaluate(p))),
          );
        }
      }
      // Not vacuous: accounts born live in several partitions, and a replica that applies the partitions
      // one after another (another interleaving of the same log) numbers them otherwise.
      const bornLive = numbered(replicas[0]!.a).accounts.slice(replicas[0]!.a.shard.exported);
      expect(new Set(bornLive.map((id) => partitionOf(id, PARTITIONS))).size).toBeGreaterThan(1);
      const interleaved = await createLiveShardEngine(exported, { shard: 0, shards });
      for (const p of [2, 1, 0]) {
        const mine = events.filter((_, i) => partition[i] === p);
        interleaved.apply(mine);
      }
      expect(numbered(interleaved).accounts).not.toEqual(numbered(replicas[0]!.a).accounts);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('over one partition: replicas applying it in other batches number what is born live alike', async () => {
    const { parts, events, exported } = await network();
    const other = await createLiveShardEngine(exported, { shard: 0, shards: 2 });
    for (let i = 0; i < events.length; i += 7) other.apply(events.slice(i, i + 7));
    parts[0]!.apply(events);
    const numbered = (engine: LiveShardEngine) => {
      const { whole, release } = engine.pin();
      release();
      const { slot, ids } = whole.accounts;
      const accounts = Array.from({ length: whole.size }, (_, n) => (slot[n] ? ids.get(slot[n] - 1) : ''));
      // Born live: every number below the next one unborn (a version holds room for more).
      const born = accounts.findIndex((id, n) => n >= engine.shard.exported && id === '');
      return {
        accounts: accounts.slice(0, born < 0 ? accounts.length : born),
        posts: Array.from(whole.posts.author.subarray(0, whole.posts.count)),
      };
    };
    expect(numbered(other)).toEqual(numbered(parts[0]!));
    expect(numbered(other).accounts.length).toBeGreaterThan(parts[0]!.shard.exported);
  });
});
