import { FOLLOW_BACK_TO_SPAM, friendReturn, isSocial } from '../generate/follow-edges';
import { AccountKind, isGone } from '../model/accounts';
import { EventKind } from '../model/events';
import type { Network } from '../network';
import { poisson } from '../random/distributions';
import { pickTarget } from '../generate/follow-samplers';
import type { EventBuffer } from './pending';

/** Daily follow and unfollow rates as shares of all follow edges (the graph grows slowly). */
const FOLLOWS_PER_EDGE_DAY = 0.002;
const UNFOLLOWS_PER_EDGE_DAY = 0.0015;

/**
 * New follows and unfollows during one tick. New follows are chosen the way the graph was built
 * (community, interest, country, stars) and are sometimes returned; unfollowers are drawn in
 * proportion to how many accounts they follow.
 */
export function churn(net: Network, from: number, seconds: number, out: EventBuffer): void {
  const { rng, samplers, unfollowers, followBack, returnFactor } = net.simulation;
  const { graph, accounts } = net;
  const perTick = (graph.edgeCount * seconds) / 86400;
  const follows = poisson(rng, perTick * FOLLOWS_PER_EDGE_DAY);
  for (let k = 0; k < follows; k++) {
    const u = rng.int(accounts.count);
    const v = pickTarget(samplers, accounts, u, rng);
    const at = from + rng.int(seconds);
    if (isGone(accounts, u) || isGone(accounts, v) || !graph.follow(u, v)) continue;
    out.push(at, EventKind.follow, u, v, -1);
    const chance =
      accounts.kind[u] === AccountKind.spam && accounts.kind[v] !== AccountKind.spam
        ? FOLLOW_BACK_TO_SPAM
        : isSocial(accounts, u) && isSocial(accounts, v)
          ? friendReturn(accounts, v)
          : followBack[v]! * returnFactor[u]!;
    if (rng.float() < chance && graph.follow(v, u)) {
      out.push(Math.min(from + seconds - 1, at + 1 + rng.int(600)), EventKind.follow, v, u, -1);
    }
  }
  const unfollows = poisson(rng, perTick * UNFOLLOWS_PER_EDGE_DAY);
  for (let k = 0; k < unfollows; k++) {
    const u = unfollowers.sample(rng);
    const count = graph.baseFollowingCount(u);
    if (count === 0) continue;
    const v = graph.baseFollowingAt(u, rng.int(count));
    if (v >= 0 && graph.unfollow(u, v)) out.push(from + rng.int(seconds), EventKind.unfollow, u, v, -1);
  }
}
