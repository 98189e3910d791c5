import { EventKind } from '../model/events';
import type { Network } from '../network';

/**
 * Follow and unfollow at the simulated clock's current time, recorded in the history like the
 * simulation's own. These are what the X API's follow/unfollow endpoints will call. The clock's "now"
 * is the end of the last tick, so these events never land before ones already in the log.
 */
export function followNow(net: Network, follower: number, followee: number): boolean {
  if (!net.graph.follow(follower, followee)) return false;
  net.events.append(net.clock.now, EventKind.follow, follower, followee, -1);
  return true;
}

export function unfollowNow(net: Network, follower: number, followee: number): boolean {
  if (!net.graph.unfollow(follower, followee)) return false;
  net.events.append(net.clock.now, EventKind.unfollow, follower, followee, -1);
  return true;
}
