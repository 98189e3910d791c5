import { EVENT_KIND_NAMES, EventKind, type EventKindName } from '../model/events';
import type { Network } from '../network';
import { EventIndex } from './event-index';

/** A moment as a Date or as Unix seconds. */
export type Moment = Date | number;
const seconds = (m: Moment): number => (typeof m === 'number' ? m : Math.floor(m.getTime() / 1000));

const indexes = new WeakMap<Network, EventIndex>();

function indexOf(net: Network): EventIndex {
  let index = indexes.get(net);
  if (!index) {
    index = new EventIndex(net.events, () => net.accounts.count);
    indexes.set(net, index);
  }
  return index;
}

export interface HistoryEvent {
  kind: EventKindName;
  /** Unix seconds. */
  at: number;
  /** Who acted: the follower, or the engager / author. */
  account: number;
  /** The post engaged with (or published), for post events. */
  post: number | null;
}

/** Everything that happened to `account` (follows of it, engagement with its posts…) in [from, to); `to` defaults to "ever". */
export function eventsAbout(
  net: Network,
  account: number,
  from: Moment,
  to: Moment = Infinity,
  kinds?: readonly EventKindName[],
): HistoryEvent[] {
  const wanted = kinds ? new Set(kinds.map((k) => EventKind[k])) : null;
  const { events } = net;
  const out: HistoryEvent[] = [];
  for (const p of indexOf(net).about(account, seconds(from), seconds(to))) {
    const kind = events.kind.get(p) as EventKind;
    if (wanted && !wanted.has(kind)) continue;
    const post = events.post.get(p);
    out.push({
      kind: EVENT_KIND_NAMES[kind],
      at: events.time.get(p),
      account: events.actor.get(p),
      post: post >= 0 ? post : null,
    });
  }
  return out;
}

export interface Unfollower {
  account: number;
  /** When they (last) unfollowed, Unix seconds. */
  at: number;
  /** Whether they follow again now. */
  refollowed: boolean;
}

/** Who unfollowed `account` in [since, until), most recent first, each account once. */
export function unfollowersSince(
  net: Network,
  account: number,
  since: Moment,
  until: Moment = Infinity,
): Unfollower[] {
  const latest = new Map<number, number>();
  for (const e of eventsAbout(net, account, since, until, ['unfollow'])) latest.set(e.account, e.at);
  return [...latest.entries()]
    .map(([who, at]) => ({ account: who, at, refollowed: net.graph.follows(who, account) }))
    .sort((x, y) => y.at - x.at || x.account - y.account);
}

/** Who started following `account` in [since, until) and still does, most recent first. */
export function newFollowersSince(net: Network, account: number, since: Moment, until: Moment = Infinity) {
  const latest = new Map<number, number>();
  for (const e of eventsAbout(net, account, since, until, ['follow'])) latest.set(e.account, e.at);
  return [...latest.entries()]
    .filter(([who]) => net.graph.follows(who, account))
    .map(([who, at]) => ({ account: who, at }))
    .sort((x, y) => y.at - x.at || x.account - y.account);
}

export interface Engager {
  account: number;
  likes: number;
  reposts: number;
  replies: number;
  /** First and last engagement in the window, Unix seconds. */
  first: number;
  last: number;
}

/** Who liked, reposted or replied to `account`'s posts in [from, to), most engaged first. */
export function engagersBetween(net: Network, account: number, from: Moment, to: Moment): Engager[] {
  const byAccount = new Map<number, Engager>();
  for (const e of eventsAbout(net, account, from, to, ['like', 'repost', 'reply'])) {
    let engager = byAccount.get(e.account);
    if (!engager) {
      engager = { account: e.account, likes: 0, reposts: 0, replies: 0, first: e.at, last: e.at };
      byAccount.set(e.account, engager);
    }
    if (e.kind === 'like') engager.likes++;
    else if (e.kind === 'repost') engager.reposts++;
    else engager.replies++;
    engager.last = e.at;
  }
  const total = (x: Engager): number => x.likes + x.reposts + x.replies;
  return [...byAccount.values()].sort((x, y) => total(y) - total(x) || x.account - y.account);
}
