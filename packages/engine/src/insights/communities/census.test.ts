import type { LiveEvent, LiveUser } from '@murmur/core/live';
import { describe, expect, it } from 'vitest';
import { liveEngine, LIVE_BUILD_OPTIONS } from '../../live/live-engine';
import { fixtureIndex } from '../../testing/fixture';
import { NETWORK_B } from '../../testing/network-b';

// Fixture account n has X id 1000 + n (testing/fixture.ts).
const id = (n: number) => String(1000 + n);
const user = (userId: string): LiveUser => ({
  id: userId,
  handle: `new${userId}`,
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
let key = 0;
const follow = (from: string, to: number, type: 'follow' | 'unfollow' = 'follow'): LiveEvent => ({
  type,
  key: `k${key++}`,
  at: 0,
  from,
  to: id(to),
});

describe('community census', () => {
  it('counts every indexed account into the partition, as the sample is assigned', async () => {
    const engine = liveEngine(await fixtureIndex(NETWORK_B, LIVE_BUILD_OPTIONS));
    const network = engine.explore.communities();
    // Twelve accounts: the graph sample is every account, so the census equals the sampled members.
    expect(network.census.accounts).toBe(12);
    expect(network.census.members).toEqual(network.communities.map((c) => c.members.count));
  });

  it('on a later version, counts new accounts, follows, unfollows and removals under the same partition', async () => {
    const engine = liveEngine(await fixtureIndex(NETWORK_B, LIVE_BUILD_OPTIONS));
    const { partition, census, communities } = engine.explore.communities();
    const physicists = communities.findIndex((c) => c.members.has(0));
    const footballers = communities.findIndex((c) => c.members.has(5));
    expect(physicists).toBeGreaterThanOrEqual(0);
    expect(footballers).toBeGreaterThanOrEqual(0);
    engine.apply([
      // Three new accounts, outside the frozen core: two follow footballers, one a physicist.
      { type: 'user', key: 'u1', at: 0, user: user('9001') },
      { type: 'user', key: 'u2', at: 0, user: user('9002') },
      { type: 'user', key: 'u3', at: 0, user: user('9003') },
      follow('9001', 5),
      follow('9002', 6),
      follow('9002', 7),
      follow('9003', 0),
    ]);
    const between = engine.explore.communityCensus(partition);
    expect(between.accounts).toBe(census.accounts + 3);
    expect(between.members[footballers]).toBe(census.members[footballers]! + 2);
    expect(between.members[physicists]).toBe(census.members[physicists]! + 1);
    engine.apply([
      // 9003 turns to the footballers; a physicist leaves X.
      follow('9003', 0, 'unfollow'),
      follow('9003', 8),
      { type: 'user-delete', key: 'd1', at: 0, user: id(3) },
    ]);
    const later = engine.explore.communityCensus(partition);
    expect(later.accounts).toBe(census.accounts + 3 - 1);
    expect(later.members[footballers]).toBe(census.members[footballers]! + 3);
    expect(later.members[physicists]).toBe(census.members[physicists]! - 1);
    // Account by account (what a net gain's interval needs): 9003 moved from the physicists to the
    // footballers between the two censuses; the physicist who left X is in no community now.
    const newcomer = engine.findAccountById!('9003')!;
    expect(between.assignment[newcomer]).toBe(physicists + 1);
    expect(later.assignment[newcomer]).toBe(footballers + 1);
    expect(census.assignment[3]).toBe(physicists + 1);
    expect(later.assignment[3]).toBe(0);
    const counted = (a: Uint16Array, c: number) => a.filter((v) => v === c + 1).length;
    expect(counted(later.assignment, footballers)).toBe(later.members[footballers]);
  });
});
