import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, MembershipChanges } from '@murmur/core/api';
import type { TargetingPackageInput } from '@murmur/core/targeting';
import {
  buildIndex,
  inMemoryEngine,
  liveEngine,
  LIVE_BUILD_OPTIONS,
  type LiveAudienceEngine,
} from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { readyEngine } from '../../engine/engine-holder';
import { memberCarryStats } from '../../engine/member-carry';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';
import { createHistoryRepository } from './history.repository';
import { createHistoryService, dayOf } from './history.service';
import { decodeIds, encodeIds } from '../../lib/member-ids';
import { createMembershipRepository } from './membership.repository';
import { latestSetsCopy } from './latest-sets';
import { createMembershipService, netChange } from './membership.service';

const DAY = 24 * 60 * 60 * 1000;
/** A full set every 7th point here (the service's FULL_EVERY is a month of points): chains of a few weeks' days. */
const FULL_EVERY = 7;
let t: TestApp;
let engine: LiveAudienceEngine;
let alice: TestSession;
let bob: TestSession;
let followers: AudienceConfig;
let target: { id: string; handle: string };
let followersPkg: TargetingPackageInput;
const kit = teamKit(() => t);
/** The audience's members (X ids) as the engine has them at each recorded day, read independently. */
const snapshots = new Map<string, Set<string>>();
let eventKey = 0;

beforeAll(async () => {
  const network = generateNetwork({ accounts: 3000, seed: 'membership-tests' });
  engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
  t = await createTestApp({}, { engine: readyEngine(engine) });
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
  // The most followed account of the index: its followers move with follow and unfollow events.
  const all = engine.describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n));
  const top = all.filter((a) => a.handle !== '').sort((a, b) => b.followers - a.followers)[0]!;
  target = { id: top.id, handle: top.handle };
  followersPkg = { handles: [{ handle: top.handle }] };
  followers = await kit.createConfig(alice, {
    name: 'Followers of the top account',
    kind: 'saved_list',
    targeting_package: followersPkg,
  });
}, 60_000);
afterAll(() => t.close());

/** The X ids of the audience's members in the engine now. */
const membersNow = (input: TargetingPackageInput = followersPkg): Set<string> =>
  new Set(engine.describeAccounts(engine.evaluate(pkg(input)).accounts.toArray()).map((a) => a.id));
const today = () => dayOf(t.clock.now());
const follow = (from: string, type: 'follow' | 'unfollow' = 'follow') =>
  engine.apply([{ type, key: `m-${eventKey++}`, at: Date.now(), from, to: target.id }]);
const suspend = (user: string) =>
  engine.apply([{ type: 'user-suspend', key: `m-${eventKey++}`, at: Date.now(), user }]);
const members = (id: number, from: string, to: string, who: TestSession = alice) =>
  t.app.inject({
    url: `/api/audience-configs/${id}/history/members/?from=${from}&to=${to}`,
    headers: who.tokenAuth,
  });
/** The scheduled run on the app's database and clock, keeping memberships (or not: before the feature). */
const scheduled = (options: { retentionDays?: number; cap?: number; membership?: boolean } = {}) =>
  createHistoryService({
    repo: createHistoryRepository(t.db),
    configs: { readableRow: () => Promise.reject(new Error('the scheduled run reads no caller')) },
    engine: readyEngine(engine),
    clock: t.clock,
    retentionDays: options.retentionDays ?? 400,
    ...(options.membership !== false && {
      membership: createMembershipService({
        repo: createMembershipRepository(t.db),
        engine: readyEngine(engine),
        fullEvery: FULL_EVERY,
        ...(options.cap !== undefined && { cap: options.cap }),
      }),
    }),
    logError: (error) => {
      throw error;
    },
  });
/** A new day: the run records every saved audience's point, and the engine's set is noted. */
async function nextDay(options?: Parameters<typeof scheduled>[0]) {
  t.clock.advance(DAY);
  const run = await scheduled(options).recordDue();
  expect(run.failed).toBe(0);
  snapshots.set(today(), membersNow());
  return run;
}
const sorted = (ids: Iterable<string>) => [...ids].sort();
/** The difference read independently: the engine's sets at the two days. */
function expected(from: string, to: string) {
  const a = snapshots.get(from)!;
  const b = snapshots.get(to)!;
  return {
    joined: sorted([...b].filter((id) => !a.has(id))),
    left: sorted([...a].filter((id) => !b.has(id))),
  };
}
async function diff(from: string, to: string): Promise<MembershipChanges> {
  const res = await members(followers.id, from, to);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MembershipChanges>();
}
/** The recorded difference of two days and the engine's, their counts checked equal. */
async function checkedDiff(from: string, to: string) {
  const got = await diff(from, to);
  const want = expected(from, to);
  expect(got.unavailable, `${from} → ${to}`).toBeNull();
  expect([got.joined!.count.value, got.left!.count.value], `${from} → ${to}`).toEqual([
    want.joined.length,
    want.left.length,
  ]);
  return { got, want };
}
/** Every id of a side when it has at most 20 (the sample is then the whole side). */
const sampleIds = (side: MembershipChanges['joined']) => sorted(side!.sample.map((a) => a.id));

describe('who joined and who left', () => {
  const days: string[] = [];
  const joinedDay1: string[] = [];
  const unfollowedDay1: string[] = [];
  let suspendedDay1: string[] = [];

  it('the first point keeps the membership; the same day twice has nobody joining or leaving', async () => {
    // The history's first read measures today's point (the app's own service, with memberships).
    expect(
      (
        await t.app.inject({
          url: `/api/audience-configs/${followers.id}/history/`,
          headers: alice.tokenAuth,
        })
      ).statusCode,
    ).toBe(200);
    days.push(today());
    snapshots.set(today(), membersNow());
    expect(snapshots.get(today())!.size).toBeGreaterThanOrEqual(20);
    const same = await diff(days[0]!, days[0]!);
    expect(same.unavailable).toBeNull();
    expect(same.joined!.count).toEqual({ kind: 'count', value: 0, of: 'indexed' });
    expect(same.left!.count.value).toBe(0);
  });

  it('a day later: the new followers joined, the unfollowers and the suspended left, exactly', async () => {
    const before = snapshots.get(days[0]!)!;
    const outsiders = engine
      .describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n))
      .filter((a) => a.id !== '' && a.id !== target.id && !before.has(a.id));
    for (const a of outsiders.slice(0, 6)) {
      follow(a.id);
      joinedDay1.push(a.id);
    }
    const inside = [...before];
    for (const id of inside.slice(0, 4)) {
      follow(id, 'unfollow');
      unfollowedDay1.push(id);
    }
    suspendedDay1 = inside.slice(4, 7);
    for (const id of suspendedDay1) suspend(id);
    await nextDay();
    days.push(today());

    const got = await diff(days[0]!, days[1]!);
    const want = expected(days[0]!, days[1]!);
    expect(want.joined).toEqual(sorted(joinedDay1));
    expect(want.left).toEqual(sorted([...unfollowedDay1, ...suspendedDay1]));
    expect(got.unavailable).toBeNull();
    expect(got.from.day).toBe(days[0]);
    expect(got.to.day).toBe(days[1]);
    expect(got.joined!.count).toEqual({ kind: 'count', value: want.joined.length, of: 'indexed' });
    expect(got.left!.count.value).toBe(want.left.length);
    expect(sampleIds(got.joined)).toEqual(want.joined);
    expect(sampleIds(got.left)).toEqual(want.left);
    // The estimate is the count at the audience's rate, labelled as an estimate.
    expect(got.joined!.estimate).toMatchObject({ kind: 'estimate', sample: want.joined.length });
    expect(got.joined!.estimate.value).toBe(Math.round(want.joined.length * engine.scale));
    // Accounts shown as the engine knows them now; the suspended ones as having left the network.
    const joinedNow = engine.describeAccounts(joinedDay1.map((id) => engine.findAccountById!(id)!));
    for (const a of joinedNow) {
      expect(got.joined!.sample.find((s) => s.id === a.id)).toMatchObject({
        in_network: true,
        handle: a.handle,
        name: a.name,
        verified: a.verified,
      });
    }
    for (const id of suspendedDay1) {
      expect(got.left!.sample.find((s) => s.id === id)).toMatchObject({ in_network: false, handle: null });
    }
    for (const id of unfollowedDay1) expect(got.left!.sample.find((s) => s.id === id)!.in_network).toBe(true);
  });

  it('over several days: any two points differ exactly as the engine’s sets did', async () => {
    // Some of yesterday's new followers leave again, some of the unfollowers come back, others join.
    for (const id of joinedDay1.slice(0, 3)) follow(id, 'unfollow');
    for (const id of unfollowedDay1.slice(0, 2)) follow(id);
    await nextDay();
    days.push(today());
    // A quiet day, then one where more accounts follow.
    await nextDay();
    days.push(today());
    const before = snapshots.get(today())!;
    const outsiders = engine
      .describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n))
      .filter((a) => a.id !== '' && a.id !== target.id && !before.has(a.id));
    for (const a of outsiders.slice(10, 40)) follow(a.id);
    await nextDay();
    days.push(today());

    for (let i = 0; i < days.length; i++) {
      for (let j = i; j < days.length; j++) {
        const { got, want } = await checkedDiff(days[i]!, days[j]!);
        const sample = got.joined!.sample.map((a) => a.id);
        expect(sample.length).toBe(Math.min(20, want.joined.length));
        expect(sample.every((id) => want.joined.includes(id))).toBe(true);
        expect(got.left!.sample.every((a) => want.left.includes(a.id))).toBe(true);
      }
    }
    // Joined on day 1 and gone on day 2: in neither side from day 0 to day 2.
    const across = await diff(days[0]!, days[2]!);
    expect(across.joined!.count.value).toBe(joinedDay1.length - 3);
    expect(across.left!.count.value).toBe(unfollowedDay1.length - 2 + suspendedDay1.length);
    // A quiet day: nobody joined or left.
    const quiet = await diff(days[2]!, days[3]!);
    expect([quiet.joined!.count.value, quiet.left!.count.value]).toEqual([0, 0]);
    // A day between two points stands for the point before it.
    expect((await diff(days[0]!, days[4]!)).to.day).toBe(days[4]);
  });

  it('points past the retention are removed, and the differences of those kept stay exact', async () => {
    const run = await nextDay({ retentionDays: 3 });
    days.push(today());
    expect(run.pruned).toBeGreaterThan(0);
    const kept = days.filter((d) => d >= dayOf(new Date(t.clock.now().getTime() - 3 * DAY)));
    expect(kept.length).toBeLessThan(days.length);
    for (let i = 0; i < kept.length; i++) {
      for (let j = i + 1; j < kept.length; j++) {
        const got = await diff(kept[i]!, kept[j]!);
        const want = expected(kept[i]!, kept[j]!);
        expect(got.from.day).toBe(kept[i]);
        expect([got.joined!.count.value, got.left!.count.value]).toEqual([
          want.joined.length,
          want.left.length,
        ]);
      }
    }
    // A pruned day has no point to stand for: 400, as the other history routes.
    expect((await members(followers.id, days[0]!, today())).statusCode).toBe(400);
  });

  it('an audience above the cap keeps no membership, said plainly; below it again a new chain starts', async () => {
    const first = today();
    await nextDay({ cap: 5 });
    const over = today();
    follow(
      engine.describeAccounts([0])[0]!.id === target.id
        ? engine.describeAccounts([1])[0]!.id
        : engine.describeAccounts([0])[0]!.id,
    );
    await nextDay();
    const back = today();
    await nextDay();
    const later = today();
    expect((await diff(first, over)).unavailable).toBe('over_cap');
    const across = await diff(first, back);
    expect(across).toMatchObject({ unavailable: 'over_cap', joined: null, left: null, cap: 2_000_000 });
    const fresh = await diff(back, later);
    expect(fresh.unavailable).toBeNull();
    const want = expected(back, later);
    expect([fresh.joined!.count.value, fresh.left!.count.value]).toEqual([
      want.joined.length,
      want.left.length,
    ]);
  });

  it('over many days: a change per point with a full set every few, exact for any two points and any point’s set', async () => {
    const recorded = [today()];
    const everyone = engine
      .describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n))
      .map((a) => a.id)
      .filter((id) => id !== '' && id !== target.id);
    let larger = '';
    for (let d = 0; d < 2 * FULL_EVERY + 3; d++) {
      const now = [...membersNow()].sort();
      const outside = everyone.filter((id) => !now.includes(id));
      if (d === FULL_EVERY + 1) {
        // A change larger than the set: every member leaves, as many others and more join.
        for (const id of now) follow(id, 'unfollow');
        for (const id of outside.slice(0, now.length + 50)) follow(id);
      } else {
        for (const id of outside.slice(d * 7, d * 7 + 5)) follow(id);
        for (const id of now.slice(d * 5, d * 5 + 3)) follow(id, 'unfollow');
      }
      await nextDay();
      recorded.push(today());
      if (d === FULL_EVERY + 1) larger = today();
    }
    // What was stored: a change on every point, and the full set every FULL_EVERY points of the chain
    // and on the larger change's day.
    const repo = createMembershipRepository(t.db);
    const rows = await repo.between(followers.id, recorded[0]!, today());
    expect(rows).toHaveLength(recorded.length - 1);
    expect(rows.every((r) => r.baseDay !== null && !r.overCap)).toBe(true);
    const full = rows.filter((r) => r.ids !== null).map((r) => r.day);
    expect(full).toContain(larger);
    expect(full.length).toBeGreaterThanOrEqual(2);
    expect(full.length).toBeLessThan(rows.length / 2);
    expect(rows.every((r) => r.joined !== null && r.left !== null)).toBe(true);

    // Any two points: the same as the engine's sets at those days.
    for (let i = 0; i < recorded.length; i++) {
      for (let j = i; j < recorded.length; j++) {
        const { got, want } = await checkedDiff(recorded[i]!, recorded[j]!);
        expect(got.joined!.sample.every((a) => want.joined.includes(a.id))).toBe(true);
        expect(got.left!.sample.every((a) => want.left.includes(a.id))).toBe(true);
      }
    }
    // Any point's set, read forward from the full set before it; after the retention removed the
    // older points (and their full sets), read back from the full set after it.
    const service = createMembershipService({ repo, engine: readyEngine(engine) });
    const setsEqual = async (days: string[]) => {
      for (const day of days) {
        const got = await service.membersOn(followers.id, day);
        expect('ids' in got && sorted(got.ids), day).toEqual(sorted(snapshots.get(day)!));
      }
    };
    await setsEqual(recorded);
    // The retention keeps from the point after the first full set: the earliest kept has none before it.
    const cutFrom = recorded[recorded.indexOf(full[0]!) + 1]!;
    const retentionDays = Math.floor((t.clock.now().getTime() + DAY - Date.parse(cutFrom)) / DAY);
    await nextDay({ retentionDays });
    const kept = recorded.filter((d) => d >= cutFrom);
    expect((await repo.between(followers.id, '', today()))[0]!.day).toBe(cutFrom);
    expect((await repo.onDay(followers.id, cutFrom))?.ids).toBeNull();
    await setsEqual([...kept, today()]);
  });

  it('points recorded before memberships were kept: the difference says it is not available', async () => {
    const newer = await kit.createConfig(alice, {
      name: 'Followers, saved later',
      kind: 'saved_list',
      targeting_package: followersPkg,
    });
    t.clock.advance(DAY);
    await scheduled({ membership: false }).recordDue();
    const old = today();
    await nextDay();
    const res = await members(newer.id, old, today());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MembershipChanges>()).toMatchObject({
      unavailable: 'not_recorded',
      joined: null,
      left: null,
    });
  });

  it('is the owner’s and their teams’: anyone else 404, signed out 403, bad days 400', async () => {
    const day = today();
    expect((await members(followers.id, day, day, bob)).statusCode).toBe(404);
    expect((await members(999_999, day, day)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      url: `/api/audience-configs/${followers.id}/history/members/?from=${day}&to=${day}`,
    });
    expect(anonymous.statusCode).toBe(403);
    for (const [from, to, field] of [
      ['yesterday', day, 'from'],
      [day, '2026-13', 'to'],
      [day, days[1]!, 'from'],
      ['2001-01-01', day, 'from'],
    ] as const) {
      const res = await members(followers.id, from, to);
      expect(res.statusCode, `${from} → ${to}`).toBe(400);
      expect(res.json<Record<string, string[]>>()[field]?.[0], `${from} → ${to}`).toBeTruthy();
    }
  });
  it('one process over many days: the changes come from the sets the engine’s thread keeps, exact as the engine’s sets', async () => {
    // As the server runs: one service for every day, so the thread's set of the day before is named
    // by its token (member-carry.ts) and no member list is made but with a full set.
    // Days on from the tests before: a new session (the earlier one may have expired).
    alice = await t.signIn('alice@example.com');
    const service = scheduled();
    const stats = { ...memberCarryStats };
    const recorded: string[] = [];
    const everyone = engine
      .describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n))
      .map((a) => a.id)
      .filter((id) => id !== '' && id !== target.id);
    let suspendedOn = '';
    for (let d = 0; d < FULL_EVERY + 4; d++) {
      const now = [...membersNow()].sort();
      const outside = everyone.filter((id) => !now.includes(id));
      for (const id of outside.slice(200 + d * 7, 200 + d * 7 + 4)) follow(id);
      for (const id of now.slice(d * 3, d * 3 + 2)) follow(id, 'unfollow');
      // A member the network loses: no X id to list as having left, so that day's list is made in full.
      if (d === 3) {
        suspend(now.at(-1)!);
        suspendedOn = dayOf(new Date(t.clock.now().getTime() + DAY));
      }
      t.clock.advance(DAY);
      expect((await service.recordDue()).failed).toBe(0);
      snapshots.set(today(), membersNow());
      recorded.push(today());
    }
    // Changes from the thread's sets on most days; in full on the first (no token yet), the suspension's and the chain's full sets.
    expect(memberCarryStats.changes - stats.changes).toBeGreaterThanOrEqual(FULL_EVERY);
    expect(memberCarryStats.full - stats.full).toBeGreaterThanOrEqual(3);
    const rows = await createMembershipRepository(t.db).between(followers.id, recorded[0]!, today());
    expect(rows.map((r) => r.baseDay)).toEqual([recorded[0], ...recorded.slice(0, -1)].slice(1));
    expect(rows.find((r) => r.day === suspendedOn)?.left).not.toBeNull();
    for (let i = 0; i < recorded.length; i++) {
      for (let j = i; j < recorded.length; j++) {
        const { got, want } = await checkedDiff(recorded[i]!, recorded[j]!);
        if (want.joined.length <= 20) expect(sampleIds(got.joined)).toEqual(want.joined);
        if (want.left.length <= 20) expect(sampleIds(got.left)).toEqual(want.left);
      }
    }
    const reader = createMembershipService({
      repo: createMembershipRepository(t.db),
      engine: readyEngine(engine),
    });
    for (const day of recorded) {
      const got = await reader.membersOn(followers.id, day);
      expect('ids' in got && sorted(got.ids), day).toEqual(sorted(snapshots.get(day)!));
    }
  });
});

describe('member id sets', () => {
  it('round-trip X ids of any size, sorted, and strangers’ ids too', () => {
    const ids = ['18446744073709551615', '0', '44196397', '1590000000000000000', '9007199254740993', '12'];
    expect(decodeIds(encodeIds(ids))).toEqual(
      sorted(ids).sort((a, b) => a.length - b.length || (a < b ? -1 : 1)),
    );
    expect(decodeIds(encodeIds([]))).toEqual([]);
    expect(decodeIds(encodeIds(['u-1', '12', 'u-1']))).toEqual(['12', 'u-1']);
    // Compact: ten thousand snowflake-like ids in well under 8 bytes each.
    const many = Array.from({ length: 10_000 }, (_, i) =>
      String(1_500_000_000_000_000_000n + BigInt(i) * 7_919_000_000n),
    );
    const bytes = encodeIds(many);
    expect(bytes.length).toBeLessThan(many.length * 6);
    expect(decodeIds(bytes)).toEqual(many);
  });

  it('the engines find an account by its X id; the live one forgets it once suspended', async () => {
    const network = generateNetwork({ accounts: 200, seed: 'membership-ids' });
    const still = inMemoryEngine(await buildIndex(exportChunks(network)));
    const live = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
    const accounts = still.describeAccounts(Array.from({ length: still.stats.accounts }, (_, n) => n));
    for (const a of accounts.filter((x) => x.id !== '')) {
      expect(still.findAccountById!(a.id)).toBe(a.account);
      expect(live.findAccountById!(a.id)).toBe(a.account);
    }
    expect(still.findAccountById!('no-such-id')).toBeUndefined();
    const gone = accounts.find((x) => x.id !== '')!;
    live.apply([{ type: 'user-suspend', key: 'gone', at: Date.now(), user: gone.id }]);
    expect(live.findAccountById!(gone.id)).toBeUndefined();
  });

  it('latest sets kept: as ids within their budget, encoded beyond it, the oldest encoded forgotten first', () => {
    const set = (day: string, ids: string[]) => ({ day, ids, sinceFull: 2 });
    const a = set('2026-01-01', ['7', '1000000000000000001', '18446744073709551615']);
    const b = set('2026-01-02', ['3', '40', '500']);
    const c = set('2026-01-03', ['11', '12']);
    const copy = latestSetsCopy({ ids: 3, bytes: encodeIds(b.ids).length + encodeIds(c.ids).length });
    copy.keep(1, a); // as ids
    copy.keep(2, b); // encoded: beyond 3 ids
    copy.keep(3, c); // encoded, within the bytes
    expect([copy.get(1), copy.get(2), copy.get(3)]).toEqual([a, b, c]);
    expect(copy.dayOf(2)).toBe('2026-01-02');
    // A larger set for audience 4: the oldest encoded (2, then 3) go; the one kept as ids stays.
    const d = set('2026-01-04', ['1', '2', '3', '4', '5']);
    copy.keep(4, d);
    expect([copy.get(1), copy.get(2), copy.get(4)]).toEqual([a, undefined, d]);
    // A new set of an audience replaces its old one (and its room).
    copy.keep(1, c);
    expect(copy.get(1)).toEqual(c);
  });

  it('the net change of a range: first and last event of each id', () => {
    expect(
      netChange([
        { joined: ['a', 'b'], left: ['x'] },
        { joined: ['x'], left: ['a', 'y'] },
        { joined: ['y', 'c'], left: [] },
      ]),
    ).toEqual({ joined: ['b', 'c'], left: [] });
  });
});
