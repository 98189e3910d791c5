import { AccountKind, isGone } from '../model/accounts';
import { EventKind } from '../model/events';
import type { Network } from '../network';
import { poisson } from '../random/distributions';
import { diurnalFactor } from './diurnal';
import { scheduleEngagements } from './engagement';
import type { EventBuffer } from './pending';

/** Share of posts that @mention someone the author follows. */
const MENTION_SHARE = 0.15;

export function publish(
  net: Network,
  author: number,
  at: number,
  seed: number,
  mention: number,
  out: EventBuffer,
): void {
  const { rng } = net.simulation;
  if (net.simulation.lifecycle && isGone(net.accounts, author)) return;
  const post = net.posts.append(author, at, rng.int(1000), seed, -1, mention);
  out.push(at, EventKind.post, author, author, post);
  scheduleEngagements(net, post, author, at);
}

function mentionOf(net: Network, author: number): number {
  const { rng } = net.simulation;
  const following = net.graph.baseFollowingCount(author);
  if (following === 0 || !rng.chance(MENTION_SHARE)) return -1;
  return net.graph.baseFollowingAt(author, rng.int(following));
}

/** Each time zone posts in proportion to its members' activity and its local hour. */
export function postOriginals(net: Network, from: number, seconds: number, out: EventBuffer): void {
  const { rng, posting } = net.simulation;
  for (const group of posting) {
    const expected = (group.activity * seconds * diurnalFactor(from + seconds / 2, group.utcOffset)) / 86400;
    const count = poisson(rng, expected);
    for (let k = 0; k < count; k++) {
      const author = group.authors.sample(rng);
      publish(net, author, from + rng.int(seconds), rng.next(), mentionOf(net, author), out);
    }
  }
}

/**
 * Spam bots post in bursts: the same text (their account seed, so the words repeat) many times within
 * minutes, each mentioning some popular account. A burst stays inside its hour; when the step is
 * shorter than the hour (the running clock), its later posts wait in the pending queue.
 */
export function postSpamBursts(net: Network, from: number, seconds: number, out: EventBuffer): void {
  const { rng, spamBots, spamBurstsPerDay, samplers, pending } = net.simulation;
  const hour = net.config.tickSeconds;
  const hourEnd = net.start + (Math.floor((from - net.start) / hour) + 1) * hour;
  const bursts = poisson(rng, (spamBurstsPerDay * seconds) / 86400);
  for (let b = 0; b < bursts; b++) {
    const bot = spamBots.sample(rng);
    if (net.accounts.kind[bot] !== AccountKind.spam) continue;
    const size = rng.range(5, 25);
    const room = Math.min(seconds, hourEnd - from);
    let at = from + rng.int(Math.max(1, room - 30 * size));
    for (let k = 0; k < size && at < hourEnd; k++, at += rng.range(5, 30)) {
      const mention = samplers.global.sample(rng);
      if (at < from + seconds) publish(net, bot, at, net.accounts.seed[bot]!, mention, out);
      else pending.add(Math.floor((at - net.start) / hour), at, EventKind.post, bot, mention, -1);
    }
  }
}
