import { AccountFlag, AccountKind, type AccountTable } from '../model/accounts';
import type { Network } from '../network';

export interface GroupTells {
  /** Median account age at the end of history, days. */
  medianAgeDays: number;
  /** Median following ÷ (followers + 1). */
  medianFollowRatio: number;
  /** Share still showing X's default avatar. */
  defaultAvatar: number;
  /** Share of their posts whose text repeats one of their earlier posts. */
  duplicatePosts: number;
}

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = values.sort((x, y) => x - y);
  return sorted[sorted.length >> 1]!;
};

/** The traits that give spam away, measured for spam and for everyone else. */
export function spamTells(net: Network): { spam: GroupTells; others: GroupTells } {
  const a: AccountTable = net.accounts;
  const group = (spam: boolean): GroupTells => {
    const ages: number[] = [];
    const ratios: number[] = [];
    let avatars = 0;
    for (let i = 0; i < a.count; i++) {
      if ((a.kind[i] === AccountKind.spam) !== spam) continue;
      ages.push((net.clock.now - a.created[i]!) / 86400);
      ratios.push(net.graph.outDegree[i]! / (net.graph.inDegree[i]! + 1));
      if (a.flags[i]! & AccountFlag.defaultAvatar) avatars++;
    }
    // A post repeats when its author already posted with the same text seed.
    const seen = new Set<number>();
    let posts = 0;
    let repeats = 0;
    for (let p = 0; p < net.posts.length; p++) {
      const author = net.posts.author.get(p);
      if ((a.kind[author] === AccountKind.spam) !== spam || net.posts.replyTo.get(p) >= 0) continue;
      posts++;
      const key = author * 4294967296 + net.posts.seed.get(p); // exact below 2^53 for 2M accounts
      if (seen.has(key)) repeats++;
      else seen.add(key);
    }
    return {
      medianAgeDays: median(ages),
      medianFollowRatio: median(ratios),
      defaultAvatar: avatars / Math.max(1, ages.length),
      duplicatePosts: repeats / Math.max(1, posts),
    };
  };
  return { spam: group(true), others: group(false) };
}
