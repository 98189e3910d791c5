import { EventKind } from '../model/events';
import type { Network } from '../network';
import { churn } from './churn';
import { isGone } from '../model/accounts';
import { afterAppend, beforeAppend, deletePost } from './lifecycle';
import { postOriginals, postSpamBursts, publish } from './original-posts';
import { EventBuffer } from './pending';
import { liveBirths } from './births';

/**
 * Simulated time from `net.clock.now` up to `to` (at most the end of the current hour): new posts
 * (with their engagements scheduled ahead), engagements that fall due, follows and unfollows. The
 * model is hourly (diurnal rates, engagements parked per hour); a step may be a whole hour (generation,
 * POST /simulate/advance) or a few seconds (the running clock), and each event keeps its own second.
 * The step's events are sorted by time before they join the log, so the log stays ordered and
 * time-range queries can binary-search it; the state after a step is exactly the events before `to`.
 */
export function runStep(net: Network, to: number): void {
  const { pending } = net.simulation;
  const hour = net.config.tickSeconds;
  const from = net.clock.now;
  const tick = Math.floor((from - net.start) / hour);
  const end = Math.min(to, net.start + (tick + 1) * hour);
  if (end <= from) return;
  const seconds = end - from;
  const out = scratch.events;
  out.clear();
  liveBirths(net, from, end, out);
  postOriginals(net, from, seconds, out);
  postSpamBursts(net, from, seconds, out);
  const due = pending.takeBefore(tick, end);
  materialise(net, due, out);
  pending.recycle(due);
  churn(net, from, seconds, out);
  beforeAppend(net, from, end, out);
  const first = net.events.length;
  append(net, from, seconds, out);
  afterAppend(net);
  net.clock.now = end;
  net.clock.tick = Math.floor((end - net.start) / hour);
  for (const listener of net.simulation.listeners) listener(first, net.events.length, from, end);
}

/** One whole tick (hour) of simulated time from the current instant. */
export function runTick(net: Network): void {
  runStep(net, net.clock.now + net.config.tickSeconds);
}

/** Due engagements become counts on their posts; a reply also becomes a post of its own. */
function materialise(net: Network, due: EventBuffer, out: EventBuffer): void {
  const { posts } = net;
  const { rng } = net.simulation;
  for (let i = 0; i < due.length; i++) {
    const kind = due.kind.get(i);
    const post = due.post.get(i);
    // Whatever was scheduled by or for an account that has left, or on a deleted post, never happens.
    if (isGone(net.accounts, due.actor.get(i)) || (post >= 0 && posts.deleted.get(post))) continue;
    if (kind === EventKind.postDelete) {
      if (deletePost(net, post)) out.push(due.time.get(i), kind, due.actor.get(i), due.target.get(i), post);
      continue;
    }
    if (kind === EventKind.like) posts.likes.add(post, 1);
    else if (kind === EventKind.repost) posts.reposts.add(post, 1);
    else if (kind === EventKind.post) {
      // The later posts of a spam burst that began in an earlier step.
      publish(
        net,
        due.actor.get(i),
        due.time.get(i),
        net.accounts.seed[due.actor.get(i)]!,
        due.target.get(i),
        out,
      );
      continue;
    } else if (kind === EventKind.reply) {
      posts.replies.add(post, 1);
      const author = posts.author.get(post);
      const replier = due.actor.get(i);
      posts.append(replier, due.time.get(i), rng.int(1000), rng.next(), post, author);
    }
    out.push(due.time.get(i), kind, due.actor.get(i), due.target.get(i), post);
  }
}

/** Per-tick working memory, reused across ticks (allocating it per tick churns the GC). */
const scratch = { events: new EventBuffer(1 << 16), cursor: new Uint32Array(0), order: new Uint32Array(0) };

/**
 * Appends the tick's events in time order. Every event of a tick falls inside it, so a counting sort
 * over the tick's seconds orders them in linear time (stable: same-second events keep arrival order).
 */
function append(net: Network, from: number, seconds: number, out: EventBuffer): void {
  const times = out.time.view();
  if (scratch.cursor.length < seconds + 1) scratch.cursor = new Uint32Array(seconds + 1);
  if (scratch.order.length < times.length) scratch.order = new Uint32Array(times.length * 2);
  const cursor = scratch.cursor.fill(0, 0, seconds + 1);
  const order = scratch.order.subarray(0, times.length);
  for (let i = 0; i < times.length; i++) cursor[times[i]! - from + 1]!++;
  for (let t = 0; t < seconds; t++) cursor[t + 1]! += cursor[t]!;
  for (let i = 0; i < times.length; i++) order[cursor[times[i]! - from]!++] = i;
  net.events.appendBatch(out, order);
}

/** Advances the simulated clock by `ticks` ticks (hours), in steps that end on the hour. */
export function advance(net: Network, ticks: number): void {
  advanceTo(net, net.clock.now + ticks * net.config.tickSeconds);
}

/** Advances the clock until it reaches `time` (Unix seconds), in steps that end on the hour. */
export function advanceTo(net: Network, time: number): void {
  while (net.clock.now < time) runStep(net, time);
}

/**
 * Advances the clock to `time` in steps of `stepSeconds` aligned to the step grid (the running
 * clock): the same steps whatever the wall clock's jitter, so seed + anchor + speed-independent
 * step boundaries give the same live events.
 */
export function advanceInSteps(net: Network, time: number, stepSeconds: number): void {
  while (net.clock.now < time) {
    const next = (Math.floor(net.clock.now / stepSeconds) + 1) * stepSeconds;
    runStep(net, Math.min(time, next));
  }
}
