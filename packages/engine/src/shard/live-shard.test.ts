import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveEvent, LiveUser } from '@murmur/core/live';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeFieldCounts } from '../async/field-counts';
import { createLiveEngine } from '../live/live-engine';
import { writeLiveSnapshot } from '../live/live-snapshot';
import { fixtureLines } from '../testing/fixture';
import { NETWORK_A, pkg } from '../testing/network-a';
import { SnapshotError } from '../snapshot/snapshot-file';
import type { AudienceInsights } from '@murmur/core/insights';
import { countAudience } from '../evaluate/evaluate';
import type { InsightsOptions } from '../insights/context';
import { baseModel, randomEvents } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import {
  createLiveShardEngine,
  liveShardInsights,
  readLiveShardSnapshot,
  writeLiveShardSnapshot,
  type LiveShardEngine,
} from './live-shard';
import { MergedDictionary, shardedInsights, type ShardAsker } from './merge-insights';
import type { ShardDictionary, ShardInsights } from './shard-insights';
import type { ShardRequests } from './shard-requests';
import { mergeEstimates } from './merge-estimates';

const lines = () => fixtureLines(NETWORK_A).map((l) => `${l}\n`);

const user = (id: string, bio: string): LiveUser => ({
  id,
  handle: `born${id}`,
  name: `Born ${id}`,
  bio,
  location: 'Chiba, JP',
  created: '2026-07-01T00:00:00Z',
  protected: false,
  verified: false,
  followers: 0,
  following: 0,
  posts: 0,
});

const post = (id: string, author: string, text: string, hashtags: string[] = []): LiveEvent => ({
  type: 'post',
  key: `post:${id}`,
  at: 1,
  post: {
    id,
    author,
    created: '2026-07-01T00:00:00Z',
    lang: 'en',
    text,
    hashtags,
    mentions: [],
    replyTo: null,
    repostOf: null,
    quoteOf: null,
  },
});

/** Accounts born live, posts by the export's accounts and by them, follows, a suspension. */
const EVENTS: LiveEvent[] = [
  ...['5001', '5002', '5003', '5004', '5005', '5006', '5007'].map((id, i): LiveEvent => ({
    type: 'user',
    key: `user:${id}`,
    at: i,
    user: user(id, 'coffee and jazz'),
  })),
  ...['5001', '5003', '5006'].map((id, i): LiveEvent => ({
    type: 'follow',
    key: `f:${id}`,
    at: 10 + i,
    from: id,
    to: '1000',
  })),
  { type: 'follow', key: 'f:1004', at: 20, from: '1004', to: '1000' },
  post('9001', '1005', 'cricket tonight', ['Jazz']),
  post('9002', '5002', 'rocket launch coffee', ['Jazz']),
  post('9003', '1002', 'cricket and coffee'),
  { type: 'user-suspend', key: 'c:1003', at: 30, user: '1003' },
  { type: 'unfollow', key: 'u:5003', at: 31, from: '5003', to: '1000' },
];

const PACKAGES = [
  pkg({ handles: [{ handle: 'nasa' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
  pkg({ keywords: [{ label: 'cricket' }] }),
  pkg({ hashtags: [{ label: 'jazz' }] }),
  pkg({ gender: ['female'] }),
  pkg({ handles: [{ handle: 'nasa' }], keywords: [{ label: 'jazz' }] }),
];

describe('live shards', () => {
  it.each([2, 3])(
    'applying the same events, %i live shards add up to the single live engine (accounts born live owned by X id)',
    async (shards) => {
      const single = await createLiveEngine(lines());
      single.apply(EVENTS);
      const parts = await Promise.all(
        Array.from({ length: shards }, (_, shard) => createLiveShardEngine(lines(), { shard, shards })),
      );
      // Each replica applies every event, in its own batches.
      for (const part of parts) for (const e of EVENTS) part.apply([e]);
      expect(parts.reduce((sum, p) => sum + p.stats.accounts, 0)).toBe(single.stats.accounts);
      for (const p of PACKAGES) {
        expect(
          mergeEstimates(
            parts.map((part) => part.estimate(p)),
            single.scale,
          ),
          JSON.stringify(p),
        ).toEqual(single.estimate(p));
        const merged = mergeFieldCounts(parts.map((part) => part.fieldCounts(part.evaluate(p))));
        const one = single.fieldCounts(single.evaluate(p));
        expect(merged.members).toBe(one.members);
        expect(merged.population).toBe(one.population);
        for (const [field, values] of Object.entries(one.fields)) {
          const byValue = new Map(
            (merged.fields[field as keyof typeof one.fields] ?? []).map((v) => [v.value, v]),
          );
          for (const v of values)
            expect(byValue.get(v.value) ?? { ...v, count: 0, population: 0 }).toEqual(v);
        }
      }
      // Not a vacuous check: the accounts born live count, and the suspended account does not.
      expect(single.estimate(pkg({ keywords: [{ label: 'coffee' }] })).sampleCount).toBeGreaterThan(7);
      expect(single.findAccount('user3')).toBeUndefined();
    },
  );
});

describe('live shard snapshots', () => {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-live-shard-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a shard restarted from its snapshot takes only the events after its position and answers as one that never stopped', async () => {
    const shards = 3;
    const single = await createLiveEngine(lines());
    single.apply(EVENTS);
    const cut = 9;
    const restarted = await Promise.all(
      Array.from({ length: shards }, async (_, shard) => {
        const before = await createLiveShardEngine(lines(), { shard, shards });
        // One event a batch, its position its index + 1 in partition 0 (a log of one partition).
        EVENTS.slice(0, cut).forEach((e, i) => before.apply([e], { '0': i + 1 }));
        const file = join(dir, `shard-${shard}.snapshot`);
        const manifest = writeLiveShardSnapshot(before, file, 'test source');
        expect(manifest.position).toEqual({ '0': cut });
        expect(manifest.shard).toEqual({ shard, shards, exported: before.shard.exported });
        const after = readLiveShardSnapshot(file, { shard, shards }, 'test source');
        expect(after.position()).toEqual({ '0': cut });
        expect(after.shard).toEqual(before.shard);
        expect(after.stats.accounts).toBe(before.stats.accounts);
        EVENTS.slice(cut).forEach((e, i) => after.apply([e], { '0': cut + i + 1 }));
        return after;
      }),
    );
    // Born-live accounts (past the export's count) are owned by X id after the restart too.
    expect(restarted.reduce((sum, p) => sum + p.stats.accounts, 0)).toBe(single.stats.accounts);
    for (const p of PACKAGES) {
      expect(
        mergeEstimates(
          restarted.map((part) => part.estimate(p)),
          single.scale,
        ),
        JSON.stringify(p),
      ).toEqual(single.estimate(p));
    }
    expect(restarted[0]!.position()).toEqual({ '0': EVENTS.length });
  });

  it('refuses a snapshot of another shard, of another source, or of a live engine that is not a shard', async () => {
    const shard = await createLiveShardEngine(lines(), { shard: 1, shards: 2 });
    const file = join(dir, 'one-of-two.snapshot');
    writeLiveShardSnapshot(shard, file, 'source a');
    expect(() => readLiveShardSnapshot(file, { shard: 0, shards: 2 }, 'source a')).toThrow(SnapshotError);
    expect(() => readLiveShardSnapshot(file, { shard: 1, shards: 3 }, 'source a')).toThrow(SnapshotError);
    expect(() => readLiveShardSnapshot(file, { shard: 1, shards: 2 }, 'source b')).toThrow(SnapshotError);
    const plain = join(dir, 'single.snapshot');
    writeLiveSnapshot(await createLiveEngine(lines()), plain, 'source a');
    expect(() => readLiveShardSnapshot(plain, { shard: 1, shards: 2 }, 'source a')).toThrow(
      /records no shard/,
    );
  });
});

/** Live shards in this thread: insights questions answered by each shard's liveShardInsights. */
function inProcess(parts: readonly LiveShardEngine[]): ShardAsker & { dictionary: MergedDictionary } {
  const held = parts.map((part) => liveShardInsights(part).insights);
  const answer = (s: ShardInsights, op: keyof ShardRequests, input: never): unknown => {
    switch (op) {
      case 'estimate': {
        const q = input as ShardRequests['estimate'];
        return countAudience(s.index, q.pkg, { exclusions: q.exclusions ?? [] });
      }
      case 'insightsPartial':
        return s.partial(input);
      case 'insightsGraph':
        return s.graph(input);
      case 'insightsResolve':
        return s.resolve(input);
      case 'insightsDescribe':
        return s.describe(input);
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
      case 'censusCore':
      case 'communityCensus':
      case 'questionFinish':
        throw new Error(`${op}: not asked by insights`);
    }
  };
  return {
    shards: parts.length,
    // Through JSON, as on the wire.
    dictionary: new MergedDictionary(
      held.map((h) => JSON.parse(JSON.stringify(h.dictionary())) as ShardDictionary),
    ),
    ask: <K extends keyof ShardRequests, T>(shard: number, op: K, input: ShardRequests[K]) =>
      Promise.resolve(
        JSON.parse(JSON.stringify(answer(held[shard]!, op, JSON.parse(JSON.stringify(input)) as never))) as T,
      ),
  };
}

describe('terms born live', () => {
  it("are listed after the export's, by value, whatever order the events came in", async () => {
    const single = await createLiveEngine(lines());
    const other = await createLiveEngine(lines());
    const users = EVENTS.filter((e) => e.type === 'user');
    const posts = EVENTS.filter((e) => e.type === 'post');
    single.apply([...users, ...posts]);
    other.apply([...users.reverse(), ...posts.reverse()]);
    const exported = (await createLiveEngine(lines())).index.terms.size;
    for (const field of ['bioWord', 'postWord', 'hashtag'] as const) {
      const values = (e: typeof single) => e.index.terms.termsOf(field).map((t) => e.index.terms.value(t));
      expect(values(other), field).toEqual(values(single));
      const born = single.index.terms.termsOf(field).filter((t) => t >= exported);
      expect(born.map((t) => single.index.terms.value(t))).toEqual(
        born.map((t) => single.index.terms.value(t)).sort(),
      );
    }
    // Not vacuous: the two engines numbered the new words differently.
    const ids = (e: typeof single) => e.index.terms.termsOf('postWord').filter((t) => t >= exported);
    expect(ids(other)).not.toEqual(ids(single));
    expect(ids(single).length).toBeGreaterThan(3);
  });
});

describe('insights over live shards', () => {
  /** The panels that are counts (everything but the sample accounts), without the timing. */
  const counted = (i: AudienceInsights) => {
    const { ms: _ms, sampleAccounts: _sample, ...rest } = i;
    return rest;
  };

  it.each([2, 3])(
    "equal, over %i live shards, the single live engine's that applied the same events in the same order",
    async (shards) => {
      const rand = seededRandom(21);
      const m = baseModel(rand, 90, 140);
      const exported = m.lines();
      // Accounts born live, posts with new words and hashtags, likes, follows, deletions,
      // suspensions, restores, replays.
      const events = randomEvents(m, rand, 700);
      // Words and hashtags born live, each posted by the same eight accounts (ties in every panel
      // that ranks them), arriving in the reverse of their value order.
      const posters = [...m.accounts.values()]
        .filter((a) => !m.removed.has(a.id) && !a.protected)
        .slice(0, 8);
      for (const [w, word] of ['zebra', 'mango', 'apple'].entries())
        for (const [i, a] of posters.entries())
          events.push({
            type: 'post',
            key: `post:tie-${w}-${i}`,
            at: 10_000 + w * 10 + i,
            post: {
              id: `8${w}${String(i).padStart(3, '0')}`,
              author: a.id,
              created: '2026-07-02T00:00:00Z',
              lang: 'en',
              text: word,
              hashtags: [`${word}Tag`],
              mentions: [],
              replyTo: null,
              repostOf: null,
              quoteOf: null,
            },
          });
      const single = await createLiveEngine(exported);
      const parts = await Promise.all(
        Array.from({ length: shards }, (_, shard) => createLiveShardEngine(exported, { shard, shards })),
      );
      for (let i = 0; i < events.length; i += 50) {
        single.apply(events.slice(i, i + 50));
        for (const part of parts) part.apply(events.slice(i, i + 50));
      }
      const asker = inProcess(parts);
      const packages = [
        pkg({ languages: [{ label: 'English' }, { label: 'Japanese' }, { label: 'Spanish' }] }),
        pkg({ keywords: [{ label: 'coffee' }] }),
        pkg({ languages: [{ label: 'Japanese' }] }),
        pkg({ hashtags: [{ label: '#jazz' }] }),
      ];
      const options: InsightsOptions[] = [{}, { sampleSize: 25, graphSampleSize: 15, top: 4 }];
      for (const p of packages) {
        for (const o of options) {
          const one = single.insights(single.evaluate(p), o);
          const merged = await shardedInsights(asker, asker.dictionary, single.scale, { pkg: p }, o);
          expect(counted(merged), JSON.stringify([p, o])).toEqual(counted(one));
        }
      }
      // Not vacuous: the terms born live tie, and rank by value (their ids are in the reverse order).
      const everyone = single.insights(single.evaluate(packages[0]!), { top: 30 });
      expect(everyone.summary.sampleCount).toBeGreaterThan(80);
      const tied = (shares: { key: string; count: number }[], keys: string[]) =>
        shares.filter((t) => keys.includes(t.key)).map((t) => [t.key, t.count]);
      expect(tied(everyone.topicAnalysis.terms, ['apple', 'mango', 'zebra'])).toEqual([
        ['apple', 8],
        ['mango', 8],
        ['zebra', 8],
      ]);
      expect(tied(everyone.topicAnalysis.hashtags, ['appletag', 'mangotag', 'zebratag'])).toEqual([
        ['appletag', 8],
        ['mangotag', 8],
        ['zebratag', 8],
      ]);
    },
  );
});
