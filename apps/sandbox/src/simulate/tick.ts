import { EventKind } from '../model/events';
import type { Network } from '../network';
import { churn } from './churn';
import { postOriginals, postSpamBursts } from './original-posts';
import { EventBuffer } from './pending';

/**
 * One tick of simulated time: new posts (with their engagements scheduled ahead), engagements that
 * fall due, follows and unfollows. The tick's events are sorted by time before they join the log, so
 * the log stays ordered and time-range queries can binary-search it.
 */
export function runTick(net: Network): void {
  const { pending } = net.simulation;
  const tick = net.clock.tick;
  const from = net.start + tick * net.config.tickSeconds;
  const out = scratch.events;
  out.clear();
  postOriginals(net, from, out);
  postSpamBursts(net, from, out);
  const due = pending.take(tick);
  materialise(net, due, out);
  pending.recycle(due);
  churn(net, from, out);
  append(net, from, out);
  net.clock.tick = tick + 1;
  net.clock.now = from + net.config.tickSeconds;
}

/** Due engagements become counts on their posts; a reply also becomes a post of its own. */
function materialise(net: Network, due: EventBuffer, out: EventBuffer): void {
  const { posts } = net;
  const { rng } = net.simulation;
  for (let i = 0; i < due.length; i++) {
    const kind = due.kind.get(i);
    const post = due.post.get(i);
    if (kind === EventKind.like) posts.likes.add(post, 1);
    else if (kind === EventKind.repost) posts.reposts.add(post, 1);
    else if (kind === EventKind.reply) {
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
function append(net: Network, from: number, out: EventBuffer): void {
  const seconds = net.config.tickSeconds;
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

/** Advances the simulated clock by `ticks` ticks. */
export function advance(net: Network, ticks: number): void {
  for (let t = 0; t < ticks; t++) runTick(net);
}

/** Advances the clock until it reaches `time` (Unix seconds). */
export function advanceTo(net: Network, time: number): void {
  while (net.clock.now < time) runTick(net);
}
