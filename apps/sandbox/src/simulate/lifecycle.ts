import { AccountFlag, AccountKind, isGone } from '../model/accounts';
import { LocationMode, roundTripCities } from '../model/location-text';
import { bioOf } from '../text/bio';
import { EventKind, ProfileField, profileChange, profileValue } from '../model/events';
import type { Network } from '../network';
import { logNormal, poisson } from '../random/distributions';
import type { Rng } from '../random/prng';
import type { EventBuffer } from './pending';
import type { BirthState } from './births';

/**
 * Lifecycle rates of the running network (after the anchor only: generated history has none, so the
 * base export does not depend on them). Per account and simulated day unless said otherwise; X
 * publishes none of these, so they are small, plausible orders of magnitude (README "Lifecycle"):
 * about 1 in 20 000 accounts deactivates per day, spam is suspended a hundred times as often as
 * anyone else, a few in 100 000 accounts go protected, one profile in 2 000 edits its bio, and 2 % of
 * posts are deleted by their authors, most within hours.
 */
export const LIFECYCLE_RATES = {
  deletePerAccountDay: 0.00005,
  suspendPerAccountDay: 0.00001,
  suspendPerSpamAccountDay: 0.001,
  protectPerAccountDay: 0.00003,
  /** About as many go public again as go protected (protected people stay near 6 %). */
  unprotectPerAccountDay: 0.00003,
  bioEditPerAccountDay: 0.0005,
  /** Rewriting the location as the catalogue names the account's city (profile.update.geo). */
  geoEditPerAccountDay: 0.0002,
  postDeleteShare: 0.02,
  /** Median time from a post to its deletion, seconds. */
  postDeleteMedianSeconds: 2 * 3600,
} as const;

export interface LifecycleState {
  rng: Rng;
  /** Spam accounts, for suspensions. */
  spam: Uint32Array;
  /** Accounts born after the anchor (simulate/births.ts). */
  births?: BirthState;
  /** The step's account events, applied once the step's rows are in the log ([kind, account, post column]). */
  due?: [number, number, number][];
}

/**
 * Lifecycle events of a step [from, end), drawn after the step's posts, engagements and follows.
 * Account events fall in the step's last second, after everything else of the step, so an account
 * never acts after it has left (the export at `end` and the streams agree on every step).
 */
export function beforeAppend(net: Network, from: number, end: number, out: EventBuffer): void {
  const life = net.simulation.lifecycle;
  if (!life) return;
  const { rng } = life;
  const seconds = end - from;
  const n = net.accounts.count;
  const days = seconds / 86400;
  // Post deletions are decided when a post is made and wait in the pending queue until they are due.
  for (let i = 0, length = out.length; i < length; i++) {
    if (out.kind.get(i) !== EventKind.post || !rng.chance(LIFECYCLE_RATES.postDeleteShare)) continue;
    const at = out.time.get(i) + Math.round(logNormal(rng, LIFECYCLE_RATES.postDeleteMedianSeconds, 1.2));
    const due = Math.max(end, at);
    const tick = Math.floor((due - net.start) / net.config.tickSeconds);
    net.simulation.pending.add(
      tick,
      due,
      EventKind.postDelete,
      out.actor.get(i),
      out.actor.get(i),
      out.post.get(i),
    );
  }
  const last = end - 1;
  const due: [number, number, number][] = (life.due = []);
  const leaving = new Set<number>();
  const edited = new Set<number>();
  const toggled = new Set<number>();
  const a = net.accounts;
  const cities = roundTripCities();
  const account = (kind: number, count: number, pick: () => number, field = -1): void => {
    for (let k = 0; k < count; k++) {
      const u = pick();
      if (u < 0 || isGone(a, u) || leaving.has(u)) continue;
      if (kind === EventKind.userProtect && a.flags[u]! & AccountFlag.protected) continue;
      if (kind === EventKind.userUnprotect && !(a.flags[u]! & AccountFlag.protected)) continue;
      if (kind === EventKind.userProtect || kind === EventKind.userUnprotect) {
        // One change of privacy per account and step.
        if (toggled.has(u)) continue;
        toggled.add(u);
      }
      if (kind === EventKind.userDelete || kind === EventKind.userSuspend) leaving.add(u);
      let value = -1;
      if (kind === EventKind.profile) {
        // One profile edit per account and step, so the row's before/after are the step's.
        if (edited.has(u)) continue;
        if (field === ProfileField.geo) {
          if (a.locationMode[u] !== LocationMode.generated || !cities[a.city[u]!]) continue;
          value = profileValue(ProfileField.geo, LocationMode.city);
        } else {
          // An edit that leaves the bio as it was (two empty bios) is no edit: X sends nothing.
          const next = (a.revision[u]! + 1) & 0xff;
          if (bioOf(a, u, next) === bioOf(a, u)) continue;
          value = profileValue(ProfileField.bio, next);
        }
        edited.add(u);
      }
      due.push([kind, u, value]);
      out.push(last, kind, u, u, value);
    }
  };
  account(
    EventKind.profile,
    poisson(rng, n * days * LIFECYCLE_RATES.bioEditPerAccountDay),
    () => rng.int(n),
    ProfileField.bio,
  );
  account(
    EventKind.profile,
    poisson(rng, n * days * LIFECYCLE_RATES.geoEditPerAccountDay),
    () => rng.int(n),
    ProfileField.geo,
  );
  account(EventKind.userProtect, poisson(rng, n * days * LIFECYCLE_RATES.protectPerAccountDay), () => {
    const u = rng.int(n);
    return net.accounts.kind[u] === AccountKind.person ? u : -1;
  });
  account(EventKind.userUnprotect, poisson(rng, n * days * LIFECYCLE_RATES.unprotectPerAccountDay), () => {
    // A protected account, found by a few draws (6 % of people are).
    for (let tries = 0; tries < 64; tries++) {
      const u = rng.int(n);
      if (a.flags[u]! & AccountFlag.protected) return u;
    }
    return -1;
  });
  account(EventKind.userSuspend, poisson(rng, n * days * LIFECYCLE_RATES.suspendPerAccountDay), () =>
    rng.int(n),
  );
  if (life.spam.length > 0)
    account(
      EventKind.userSuspend,
      poisson(rng, life.spam.length * days * LIFECYCLE_RATES.suspendPerSpamAccountDay),
      () => life.spam[rng.int(life.spam.length)]!,
    );
  account(EventKind.userDelete, poisson(rng, n * days * LIFECYCLE_RATES.deletePerAccountDay), () =>
    rng.int(n),
  );
}

/** Applies the step's account events, now that all its rows (the leaving accounts' too) are logged. */
export function afterAppend(net: Network): void {
  const life = net.simulation.lifecycle;
  if (!life?.due) return;
  for (const [kind, u, value] of life.due) applyAccountEvent(net, kind, u, value);
  life.due = undefined;
}

/** Applies an account's lifecycle event to the network's state. */
export function applyAccountEvent(net: Network, kind: number, u: number, value = -1): void {
  const a = net.accounts;
  if (kind === EventKind.profile) {
    const { field, after } = profileChange(value);
    if (field === ProfileField.geo) a.locationMode[u] = after;
    else a.revision[u] = after;
  } else if (kind === EventKind.userProtect) a.flags[u]! |= AccountFlag.protected;
  else if (kind === EventKind.userUnprotect) a.flags[u]! &= ~AccountFlag.protected;
  else if (kind === EventKind.userDelete || kind === EventKind.userSuspend) {
    a.flags[u]! |= kind === EventKind.userDelete ? AccountFlag.deleted : AccountFlag.suspended;
    removeAccountContent(net, u);
  }
}

/**
 * A deleted or suspended account leaves everything (live contract rule 7): its follows both ways,
 * its posts, its engagements (counts of the posts it engaged with go down) and the follow history
 * that names it. Rare (a few per simulated hour), so one pass over the log is fine.
 */
function removeAccountContent(net: Network, u: number): void {
  const { graph, posts, events } = net;
  for (const v of graph.following(u)) graph.unfollow(u, v);
  for (const w of graph.followers(u)) graph.unfollow(w, u);
  const author = posts.author.view();
  for (let p = 0; p < author.length; p++) if (author[p] === u) posts.deleted.set(p, 1);
  const kinds = events.kind.view();
  const actors = events.actor.view();
  const targets = events.target.view();
  const postOf = events.post.view();
  for (let e = 0; e < kinds.length; e++) {
    const kind = kinds[e]!;
    if (actors[e] !== u && targets[e] !== u) continue;
    if (
      kind === EventKind.follow ||
      kind === EventKind.unfollow ||
      kind === EventKind.post ||
      kind === EventKind.postDeleted ||
      kind === EventKind.replyDeleted
    ) {
      kinds[e] = EventKind.removed;
    } else if (kind === EventKind.like || kind === EventKind.repost || kind === EventKind.reply) {
      const p = postOf[e]!;
      // Engagements by u lower the counts of posts that stay; those on u's posts leave with them.
      if (actors[e] === u && !posts.deleted.get(p)) {
        if (kind === EventKind.like) posts.likes.add(p, -1);
        else if (kind === EventKind.repost) posts.reposts.add(p, -1);
        else posts.replies.add(p, -1);
      }
      kinds[e] = EventKind.removed;
    }
  }
}

/** An author deletes a post: it leaves with its likes and reposts; a reply stops counting on its parent. */
export function deletePost(net: Network, p: number): boolean {
  const { posts, events } = net;
  if (posts.deleted.get(p) || isGone(net.accounts, posts.author.get(p))) return false;
  posts.deleted.set(p, 1);
  const at = posts.time.get(p);
  const author = posts.author.get(p);
  const parent = posts.replyTo.get(p);
  const kinds = events.kind.view();
  const postOf = events.post.view();
  for (let e = events.firstAtOrAfter(at); e < kinds.length; e++) {
    const kind = kinds[e]!;
    // Its own row stays a post for the firehose (X sent it when it was made), marked deleted.
    if (kind === EventKind.post && postOf[e] === p) kinds[e] = EventKind.postDeleted;
    // Its likes and reposts leave with it. A reply to it does not: the reply is a post of its own,
    // which stays (the export keeps it, no longer a reply), so its row must still make it on X's
    // streams when read later (a replay, a reader behind the clock).
    else if ((kind === EventKind.like || kind === EventKind.repost) && postOf[e] === p)
      kinds[e] = EventKind.removed;
    else if (
      kind === EventKind.reply &&
      parent >= 0 &&
      postOf[e] === parent &&
      events.actor.get(e) === author &&
      events.time.get(e) === at
    ) {
      kinds[e] = EventKind.replyDeleted;
      if (!posts.deleted.get(parent)) posts.replies.add(parent, -1);
    }
  }
  return true;
}
