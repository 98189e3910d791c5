import { AccountKind, isGone } from '../model/accounts';
import { EventKind } from '../model/events';
import type { Network } from '../network';
import { logNormal, poisson } from '../random/distributions';

/** Engagements arrive within hours (median 45 min); the long tail is cut at three days. */
const MEDIAN_DELAY = 45 * 60;
const MAX_DELAY = 72 * 3600;

/**
 * Expected likes on a post by an author with `followers` followers. Sub-linear, as on X: big accounts
 * reach a smaller share of their followers. Reposts and replies follow as fixed ratios.
 */
export function expectedLikes(followers: number): number {
  return 0.01 * Math.pow(followers, 0.85) + 0.05;
}
const REPOST_RATIO = 0.18;
const REPLY_RATIO = 0.07;

/**
 * Who engages: mostly the author's followers, then people in the author's community, sometimes
 * anyone (a post travelling beyond its audience). Spam only gets engagement from other spam.
 */
function pickEngager(net: Network, author: number): number {
  const { rng, samplers, spamBots } = net.simulation;
  if (net.accounts.kind[author] === AccountKind.spam) return spamBots.sample(rng);
  const r = rng.float();
  const followers = net.graph.baseFollowerCount(author);
  if (r < 0.72 && followers > 0) {
    const follower = net.graph.baseFollowerAt(author, rng.int(followers));
    if (follower >= 0) return follower;
  }
  if (r < 0.92) return (samplers.community[net.accounts.community[author]!] ?? samplers.global).sample(rng);
  return samplers.global.sample(rng);
}

const KINDS = [EventKind.like, EventKind.repost, EventKind.reply] as const;
const RATIOS = [1, REPOST_RATIO, REPLY_RATIO] as const;

/** Draws a new post's likes, reposts and replies and parks them in the ticks they fall into. */
export function scheduleEngagements(net: Network, post: number, author: number, time: number): void {
  const { rng, pending } = net.simulation;
  const spam = net.accounts.kind[author] === AccountKind.spam;
  const likes = spam ? 0.3 : expectedLikes(net.graph.inDegree[author]!);
  const tickSeconds = net.config.tickSeconds;
  for (let kindIndex = 0; kindIndex < 3; kindIndex++) {
    const kind = KINDS[kindIndex]!;
    const count = poisson(rng, likes * RATIOS[kindIndex]!);
    // Most posts get zero or one engagement of a kind; only bigger counts need a duplicate check.
    const seen = count > 1 ? new Set<number>() : null;
    for (let k = 0; k < count; k++) {
      const engager = pickEngager(net, author);
      // One like (or repost) per account per post; several replies are fine.
      if (
        engager === author ||
        isGone(net.accounts, engager) ||
        (kind !== EventKind.reply && seen?.has(engager))
      )
        continue;
      seen?.add(engager);
      const at = time + Math.min(MAX_DELAY, Math.max(1, Math.round(logNormal(rng, MEDIAN_DELAY, 1.3))));
      pending.add(Math.floor((at - net.start) / tickSeconds), at, kind, engager, author, post);
    }
  }
}
