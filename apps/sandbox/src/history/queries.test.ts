import { beforeAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '../generate/network';
import { EventKind } from '../model/events';
import type { Network } from '../network';
import { advance } from '../simulate/tick';
import { followNow, unfollowNow } from './actions';
import { engagersBetween, eventsAbout, newFollowersSince, unfollowersSince } from './queries';

const DAY = 86400;

/** The account with the most events of a kind, so the queries have something to find. */
function busiest(net: Network, kind: number): number {
  const counts = new Map<number, number>();
  for (let e = 0; e < net.events.length; e++) {
    if (net.events.kind.get(e) === kind)
      counts.set(net.events.target.get(e), (counts.get(net.events.target.get(e)) ?? 0) + 1);
  }
  return [...counts.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]![0];
}

describe('history queries', () => {
  let net: Network;
  beforeAll(() => {
    net = generateNetwork({ accounts: 3000, seed: 'history', historyDays: 10 });
  });

  it('answers "who unfollowed X since D" exactly as a scan of the log does', () => {
    const x = busiest(net, EventKind.unfollow);
    const since = net.start + 4 * DAY;
    const expected = new Set<number>();
    for (let e = 0; e < net.events.length; e++) {
      const ev = net.events;
      if (ev.kind.get(e) === EventKind.unfollow && ev.target.get(e) === x && ev.time.get(e) >= since)
        expected.add(ev.actor.get(e));
    }
    const result = unfollowersSince(net, x, since);
    expect(result.length).toBeGreaterThan(0);
    expect(new Set(result.map((u) => u.account))).toEqual(expected);
    expect(result.every((u) => u.at >= since && u.refollowed === net.graph.follows(u.account, x))).toBe(true);
    // Most recent first.
    for (let k = 1; k < result.length; k++) expect(result[k - 1]!.at).toBeGreaterThanOrEqual(result[k]!.at);
  });

  it('answers "who engaged with X\'s posts between D1 and D2" with per-kind counts', () => {
    const x = busiest(net, EventKind.like);
    const from = new Date((net.start + 2 * DAY) * 1000);
    const to = new Date((net.start + 6 * DAY) * 1000);
    const engagers = engagersBetween(net, x, from, to);
    expect(engagers.length).toBeGreaterThan(0);
    let likes = 0;
    for (let e = 0; e < net.events.length; e++) {
      const t = net.events.time.get(e);
      if (
        net.events.kind.get(e) === EventKind.like &&
        net.events.target.get(e) === x &&
        t >= from.getTime() / 1000 &&
        t < to.getTime() / 1000
      )
        likes++;
    }
    expect(engagers.reduce((s, g) => s + g.likes, 0)).toBe(likes);
    for (const g of engagers)
      expect(
        net.posts.author.get(
          eventsAbout(net, x, from, to, ['like', 'repost', 'reply']).find((e) => e.account === g.account)!
            .post!,
        ),
      ).toBe(x);
  });

  it('records follows and unfollows made now, and sees them in the queries', () => {
    const x = 7;
    const fan = net.graph.following(x).includes(8) ? 9 : 8;
    const now = net.clock.now;
    if (net.graph.follows(fan, x)) unfollowNow(net, fan, x);
    expect(followNow(net, fan, x)).toBe(true);
    expect(newFollowersSince(net, x, now).map((f) => f.account)).toContain(fan);
    expect(unfollowNow(net, fan, x)).toBe(true);
    const gone = unfollowersSince(net, x, now, now + 1);
    expect(gone).toContainEqual({ account: fan, at: now, refollowed: false });
    expect(newFollowersSince(net, x, now).map((f) => f.account)).not.toContain(fan);
  });

  it('keeps evolving: advancing the clock adds sorted, queryable history deterministically', () => {
    const twin = generateNetwork({ accounts: 3000, seed: 'history', historyDays: 10 });
    const before = twin.events.length;
    const clock = twin.clock.now;
    advance(twin, 24);
    expect(twin.clock.now).toBe(clock + DAY);
    expect(twin.events.length).toBeGreaterThan(before);
    const times = twin.events.time.view();
    for (let k = before; k < times.length; k++) expect(times[k]!).toBeGreaterThanOrEqual(times[k - 1]!);
    const x = busiest(twin, EventKind.like);
    expect(engagersBetween(twin, x, clock, clock + DAY).length).toBeGreaterThan(0);
    const again = generateNetwork({ accounts: 3000, seed: 'history', historyDays: 10 });
    advance(again, 24);
    expect(Array.from(again.events.actor.view())).toEqual(Array.from(twin.events.actor.view()));
  });
});
