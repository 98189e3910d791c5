import type { CommunitySummary, GrowthWindow } from '@murmur/core/api';
import type { LiveEvent } from '@murmur/core/live';
import { netGainEstimate } from '@murmur/core/sampling';
import {
  buildIndex,
  liveEngine,
  LIVE_BUILD_OPTIONS,
  readLiveSnapshot,
  writeLiveSnapshot,
  type LiveAudienceEngine,
} from '@murmur/engine';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityAssignments, communityCounts, communityPartitions } from '../../db/schema';
import { readyEngine } from '../../engine/engine-holder';
import { createTestApp, restartedApp, type TestApp } from '../../test/test-app';
import { dayOf } from './community-growth';

const DAY = 24 * 60 * 60 * 1000;
// The export's `now`: what the index is as of until the consumer applies an event.
let START: number;

let t: TestApp;
let engine: LiveAudienceEngine;
const build = async () =>
  liveEngine(
    await buildIndex(
      exportChunks(generateNetwork({ accounts: 3000, seed: 'community-growth' })),
      LIVE_BUILD_OPTIONS,
    ),
  );
// The time of X the live index has reached, as the live log's consumer reports it (null: no event yet).
let reached: number | null = null;
// The partition's communities as the server found them (the export's version).
let network: ReturnType<LiveAudienceEngine['explore']['communities']>;

beforeAll(async () => {
  engine = await build();
  START = Date.parse(engine.explore.communities().now);
  t = await createTestApp(
    {},
    {
      engine: readyEngine(engine),
      live: {
        // Nothing appends here: the test applies events to the engine itself.
        sink: { append: () => Promise.resolve() },
        status: () => ({ partitions: [{ partition: 0, lagEvents: 0, lastEventAt: reached, behindMs: 0 }] }),
      },
    },
  );
}, 60_000);
afterAll(() => t.close());

const list = async (sort: 'trending' | 'most_searched', app = t.app) =>
  (await app.inject({ url: `/api/communities/?sort=${sort}&limit=100` })).json<{
    results: CommunitySummary[];
    growth_window: GrowthWindow;
  }>();

const newUser = (id: string, at: number): LiveEvent => ({
  type: 'user',
  key: `user:${id}`,
  at,
  user: {
    id,
    handle: `joiner${id}`,
    name: 'Joiner',
    bio: '',
    location: '',
    created: new Date(at).toISOString(),
    protected: false,
    verified: false,
    followers: 0,
    following: 0,
    posts: 0,
  },
});

describe('trending communities on a live index: membership growth', () => {
  it('lists the communities whose members grew, most gained first, with the window and both figures', async () => {
    // The first answer is the partition's first count, as of the export (no event applied yet): no
    // earlier one to compare with.
    const first = await list('trending');
    expect(first.results).toEqual([]);
    expect(first.growth_window).toEqual({ live: true, from: null, to: new Date(START).toISOString() });

    network = engine.explore.communities();
    const later = START + 2 * DAY;
    reached = later;
    const [growing, other, shrinking] = network.communities;
    // Two days of X later: 30 new accounts follow the growing community's leaders (core accounts):
    // they join it; 12 follow the other's: they join that one; 5 of the shrinking one's members leave X (at 3 000 accounts
    // every account is in the core, which keeps each in its Louvain community: no one else moves).
    expect(network.partition.core).toHaveLength(3000);
    const joiners = (community: typeof growing, count: number, from: number): LiveEvent[] =>
      Array.from({ length: count }, (_, i) => {
        const id = String(from + i);
        return [
          newUser(id, later),
          ...community!.topAccounts.slice(0, 2).map((a): LiveEvent => ({
            type: 'follow',
            key: `f:${id}:${a.id}`,
            at: later,
            from: id,
            to: a.id,
          })),
        ];
      }).flat();
    const leaving = engine
      .describeAccounts(shrinking!.members.toArray().slice(0, 5))
      .map((a): LiveEvent => ({ type: 'user-delete', key: `gone:${a.id}`, at: later, user: a.id }));
    expect(leaving).toHaveLength(5);
    engine.apply([...joiners(growing, 30, 900_000), ...joiners(other, 12, 901_000), ...leaving]);
    // A census is taken at most once a minute.
    t.clock.advance(61_000);

    const { results, growth_window: window } = await list('trending');
    expect(window).toEqual({
      live: true,
      from: new Date(START).toISOString(),
      to: new Date(START + 2 * DAY).toISOString(),
    });
    expect(results.map((c) => c.id)).toEqual([`community-${growing!.id + 1}`, `community-${other!.id + 1}`]);
    const [top, second] = results;
    const before = network.census.members[growing!.id]!;
    expect(top!.growth).toEqual({
      from: window.from,
      to: window.to,
      before: { kind: 'count', value: before, of: 'indexed' },
      now: { kind: 'count', value: before + 30, of: 'indexed' },
      change: 30,
      relative: Math.round((30 / before) * 10_000) / 10_000,
      // 30 indexed accounts gained of the index's 3 000 − 5 + 42, each standing for the engine's
      // scale; every earlier member stayed (from the two censuses' assignments), so 30 joined, none left.
      estimate: netGainEstimate(
        { before, now: before + 30, stayed: before },
        { sampleSize: 3000 - 5 + 42, rate: engine.scale },
      ),
    });
    expect(second!.growth!.change).toBe(12);

    // The shrinking community is not trending; its answer still says by how much it shrank.
    const all = await list('most_searched');
    const shrank = all.results.find((c) => c.id === `community-${shrinking!.id + 1}`)!;
    expect(shrank.growth).toMatchObject({ change: -5, estimate: null });
    expect(shrank.growth!.relative).toBeLessThan(0);
  });

  it('measures over the last 7 days of the network’s time once it holds counts that long', async () => {
    for (const day of [3, 5, 8, 10]) {
      reached = START + day * DAY;
      t.clock.advance(61_000);
      await list('trending');
    }
    const { growth_window: window } = await list('trending');
    expect(window.to).toBe(new Date(START + 10 * DAY).toISOString());
    // The counts of days 0 and 2 are older than the window; day 3's is its start.
    expect(window.from).toBe(new Date(START + 3 * DAY).toISOString());
  });

  it('keeps the window over a restart: the counts are read back from the database', async () => {
    // Day 11: 20 more accounts join the first community (its leaders followed), counted in the window.
    const [first] = network.communities;
    reached = START + 11 * DAY;
    engine.apply(
      Array.from({ length: 20 }, (_, i) => {
        const id = String(902_000 + i);
        return [
          newUser(id, reached!),
          ...first!.topAccounts.slice(0, 2).map((a): LiveEvent => ({
            type: 'follow',
            key: `f:${id}:${a.id}`,
            at: reached!,
            from: id,
            to: a.id,
          })),
        ];
      }).flat(),
    );
    t.clock.advance(61_000);
    const before = await list('trending');
    expect(before.results[0]!.growth!.change).toBe(20);
    // Days older than the window are pruned; the window's days are one row per community each.
    const rows = await t.db.select().from(communityCounts);
    const days = [...new Set(rows.map((r) => r.day))].sort((a, b) => a - b);
    expect(days).toEqual([5, 8, 10, 11].map((d) => dayOf(START + d * DAY)));
    expect(rows).toHaveLength(days.length * network.communities.length);
    // Each kept day's first census account by account, for who joined and left since it.
    const assignments = await t.db.select().from(communityAssignments);
    expect(assignments.map((a) => a.day).sort((a, b) => a - b)).toEqual(days);

    // Another process starts over the same database with an index built again from the export (the
    // same partition), its consumer not yet caught up: the stored counts come first, its own census
    // (of the export's time, older) does not replace them.
    const restartedEngine = await build();
    const restarted = await restartedApp(t.db, readyEngine(restartedEngine), {
      sink: { append: () => Promise.resolve() },
      status: () => ({ partitions: [{ partition: 0, lagEvents: 0, lastEventAt: null, behindMs: 0 }] }),
    });
    try {
      const after = await list('trending', restarted);
      expect(after.growth_window).toEqual(before.growth_window);
      expect(after.results.map((c) => [c.id, c.growth])).toEqual(before.results.map((c) => [c.id, c.growth]));
      expect(after.results.length).toBeGreaterThan(0);
      // Its export-time census was not written over the later counts.
      expect(await t.db.select().from(communityCounts)).toEqual(expect.arrayContaining(rows));
      expect(await t.db.select().from(communityCounts)).toHaveLength(rows.length);
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('keeps the window over a restart from a live snapshot whose Louvain partition is another', async () => {
    const before = await list('trending');
    // The moved index written and read back as a restart does: Louvain on it (62 accounts more, 5
    // fewer) finds another partition, so the counts stored under the first one are not its own.
    const dir = mkdtempSync(join(tmpdir(), 'murmur-communities-'));
    try {
      const file = join(dir, 'live.snapshot');
      writeLiveSnapshot(engine, file, 'community-growth');
      const restarted = await restartedApp(t.db, readyEngine(readLiveSnapshot(file, 'community-growth')), {
        sink: { append: () => Promise.resolve() },
        status: () => ({ partitions: [{ partition: 0, lagEvents: 0, lastEventAt: reached, behindMs: 0 }] }),
      });
      try {
        const after = await list('trending', restarted);
        const partitions = await t.db.select().from(communityPartitions);
        expect(partitions).toHaveLength(2);
        // The first partition is counted on the new index and its window goes on: the same window,
        // and each growing community of the new partition has the growth of its match in the first.
        expect(after.growth_window).toEqual(before.growth_window);
        expect(after.results.length).toBeGreaterThan(0);
        expect(after.results[0]!.growth).toEqual(before.results[0]!.growth);
        const growths = before.results.map((c) => c.growth);
        for (const c of after.results) expect(growths).toContainEqual(c.growth);
      } finally {
        await restarted.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
