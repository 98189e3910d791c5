import type { LiveEvent, LiveUser } from '@murmur/core/live';
import { buildIndex, inMemoryEngine, liveEngine, LIVE_BUILD_OPTIONS } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { describe, expect, it } from 'vitest';
import { serverAsyncEngine, shardedServerEngine } from '../../engine/engine-async';
import { readyEngine } from '../../engine/engine-holder';
import { inProcessWork } from '../../engine/engine-work';
import { createSearchCounter } from '../../lib/search-counter';
import { createCommunitiesService } from './communities.service';

const DAY = 24 * 60 * 60 * 1000;
const user = (id: string): LiveUser => ({
  id,
  handle: `new${id}`,
  name: 'New',
  bio: '',
  location: '',
  created: '2026-11-20T00:00:00Z',
  protected: false,
  verified: false,
  followers: 0,
  following: 0,
  posts: 0,
});
const follow = (from: string, to: string): LiveEvent => ({
  type: 'follow',
  key: `f:${from}:${to}`,
  at: 0,
  from,
  to,
});
const network = () => exportChunks(generateNetwork({ accounts: 3000, seed: 'communities-shards' }));

describe('communities over shards', () => {
  it("counts membership on the shards' accounts, not on this process's copy of the export", async () => {
    // This process's engine: the export as it was (over shards the API keeps one for the rest).
    const here = inMemoryEngine(await buildIndex(network()));
    // The shards, live: their accounts move with X (here one live engine stands for them all;
    // shard-census.test.ts of engine-cluster shows the shards' census equals one engine's).
    const shards = liveEngine(await buildIndex(network(), LIVE_BUILD_OPTIONS));
    const work = inProcessWork(here);
    const audiences = shardedServerEngine({
      ...serverAsyncEngine(here, work),
      communityCensus: (partition) => Promise.resolve(shards.explore.communityCensus(partition)),
    });
    let now = Date.parse('2026-11-20T00:00:00Z');
    let reached: number | null = null;
    const service = createCommunitiesService({
      engine: readyEngine(here, work, audiences),
      searches: createSearchCounter(() => []),
      clock: { now: () => new Date(now) },
      liveStatus: () => ({ partitions: [{ partition: 0, lagEvents: 0, lastEventAt: reached, behindMs: 0 }] }),
    });

    const first = await service.list({ sort: 'most_searched', limit: 100 });
    const [growing] = here.explore.communities().communities;
    const id = `community-${growing!.id + 1}`;
    expect(first.results.find((c) => c.id === id)).toBeDefined();

    // Two days of X later, three new accounts follow the community's leaders, on the shards only.
    const leaders = growing!.topAccounts.slice(0, 2).map((a) => a.id);
    shards.apply(
      ['9001', '9002', '9003'].flatMap((who): LiveEvent[] => [
        { type: 'user', key: `u:${who}`, at: 0, user: user(who) },
        ...leaders.map((leader) => follow(who, leader)),
      ]),
    );
    reached = Date.parse(here.explore.communities().now) + 2 * DAY;
    now += 61_000;
    const later = await service.list({ sort: 'most_searched', limit: 100 });
    const growth = later.results.find((c) => c.id === id)!.growth!;
    expect(growth.change).toBe(3);
    expect(growth.now.value - growth.before.value).toBe(3);
  }, 120_000);

  it('counts again as the shards move on the live log, on a server without a live path of its own', async () => {
    const here = inMemoryEngine(await buildIndex(network()));
    const shards = liveEngine(await buildIndex(network(), LIVE_BUILD_OPTIONS));
    const work = inProcessWork(here);
    // The shards report where they stand on the live log (ShardedEngine.liveStatusByShard); this process
    // runs no consumer (no liveStatus of its own).
    let reached: number | null = null;
    const audiences = shardedServerEngine({
      ...serverAsyncEngine(here, work),
      communityCensus: (partition) => Promise.resolve(shards.explore.communityCensus(partition)),
      liveStatusByShard: () =>
        Promise.resolve([
          {
            shard: 0,
            state: 'reporting' as const,
            partitions: [{ partition: 0, lagEvents: 0, lastEventAt: reached, behindMs: 0 }],
          },
        ]),
    });
    let now = Date.parse('2026-11-20T00:00:00Z');
    const service = createCommunitiesService({
      engine: readyEngine(here, work, audiences),
      searches: createSearchCounter(() => []),
      clock: { now: () => new Date(now) },
    });
    const [growing] = here.explore.communities().communities;
    const id = `community-${growing!.id + 1}`;
    const first = await service.list({ sort: 'most_searched', limit: 100 });
    expect(first.growth_window.live).toBe(true);

    const leaders = growing!.topAccounts.slice(0, 2).map((a) => a.id);
    shards.apply(
      ['9101', '9102', '9103', '9104'].flatMap((who): LiveEvent[] => [
        { type: 'user', key: `u:${who}`, at: 0, user: user(who) },
        ...leaders.map((leader) => follow(who, leader)),
      ]),
    );
    reached = Date.parse(here.explore.communities().now) + 2 * DAY;
    now += 61_000;
    const later = await service.list({ sort: 'most_searched', limit: 100 });
    const growth = later.results.find((c) => c.id === id)!.growth!;
    expect(growth.change).toBe(4);
  }, 120_000);
});
