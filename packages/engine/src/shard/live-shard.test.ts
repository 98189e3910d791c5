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
import { createLiveShardEngine, readLiveShardSnapshot, writeLiveShardSnapshot } from './live-shard';
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
