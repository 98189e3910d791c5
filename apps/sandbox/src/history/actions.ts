import { isGone } from '../model/accounts';
import { EventKind } from '../model/events';
import type { Network } from '../network';
import { applyAccountEvent, deletePost } from '../simulate/lifecycle';

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

/**
 * An account suspended or deleted now, as the simulation's lifecycle does it (live contract rule
 * 7): the event joins the history at the clock's current time, the account leaves the network,
 * and the open streams (the users compliance stream) carry it at once rather than with the next
 * step. What a test or an operator's "suspend this account" calls.
 */
export function removeAccountNow(net: Network, account: number, how: 'suspend' | 'delete'): boolean {
  if (account < 0 || account >= net.accounts.count || isGone(net.accounts, account)) return false;
  const kind = how === 'delete' ? EventKind.userDelete : EventKind.userSuspend;
  const first = net.events.length;
  net.events.append(net.clock.now, kind, account, account, -1);
  applyAccountEvent(net, kind, account);
  announce(net, first);
  return true;
}

/** A post deleted by its author now (the posts compliance stream carries it at once). */
export function deletePostNow(net: Network, post: number): boolean {
  if (post < 0 || post >= net.posts.length || !deletePost(net, post)) return false;
  const first = net.events.length;
  const author = net.posts.author.get(post);
  net.events.append(net.clock.now, EventKind.postDelete, author, author, post);
  announce(net, first);
  return true;
}

/** Hands the events from `first` on to the stream listeners, as a step does. */
function announce(net: Network, first: number): void {
  for (const listener of net.simulation.listeners)
    listener(first, net.events.length, net.clock.now, net.clock.now);
}
