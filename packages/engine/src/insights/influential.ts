import type { InfluentialAccount, InfluentialPanel } from '@murmur/core/insights';
import { slotStrings } from '../util/slot-strings';
import { topK, topValues } from '../util/top-k';
import { accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { followCounts } from './counts';
import { distinctiveScore, shareOf } from './share';

/** Influential accounts: who the audience follows most, against who the baseline (everyone by default) follows. */
export function influentialAccounts(ctx: InsightContext): InfluentialPanel {
  const { index } = ctx;
  // Only followed accounts can rank: scanning them, in account order, ranks as scanning all would.
  // Candidates are positions in `followed`, which keep its (account) order.
  const { counts, followed } = followCounts(ctx);
  const base = ctx.graphSample.length;
  const reference = ctx.baseline.followers();
  const describe = (i: number): InfluentialAccount => {
    const n = followed[i]!;
    const { share, shareInterval, populationShare, affinity, affinityInterval } = shareOf(
      '',
      '',
      counts[i]!,
      base,
      reference.count(n),
      reference.base,
    );
    return {
      ...accountSummary(index, n),
      followersInAudience: ctx.scaleUp(counts[i]!, ctx.graphSample),
      count: counts[i]!,
      share,
      shareInterval,
      populationShare,
      affinity,
      affinityInterval,
      inAudience: ctx.set.has(n),
    };
  };
  const floor = Math.max(ctx.options.minSupport, Math.ceil(base * 0.005));
  const accounts = topValues(counts, ctx.options.top).filter((i) => counts[i]! >= ctx.options.minSupport);
  const candidates = ctx.options.distinctive ? atLeast(counts, floor) : [];
  const score = (i: number) =>
    distinctiveScore(
      counts[i]!,
      base,
      reference.count(followed[i]!),
      reference.base,
      floor,
      reference.sampled,
    );
  return {
    basis: ctx.graphBasis,
    accounts: accounts.map(describe),
    distinctive: topK(candidates, score, ctx.options.top).map(describe),
    ...(ctx.options.followedShare > 0 && { followed: followedAtLeast(ctx, counts, followed, base) }),
  };
}

/** Every account followed by at least `followedShare` of `base` (and the minimum support), by X id. */
function followedAtLeast(ctx: InsightContext, counts: Uint32Array, followed: Uint32Array, base: number) {
  const floor = Math.max(ctx.options.minSupport, Math.ceil(base * ctx.options.followedShare));
  const a = ctx.index.accounts;
  const idOf = slotStrings(a.ids);
  const handleOf = slotStrings(a.handles);
  const accounts: { id: string; handle: string; count: number }[] = [];
  for (const i of atLeast(counts, floor)) {
    const slot = a.slot[followed[i]!] ?? 0;
    if (slot) accounts.push({ id: idOf(slot - 1), handle: handleOf(slot - 1), count: counts[i]! });
  }
  return { floor, accounts };
}

/**
 * Positions whose count reaches `floor`, ascending. (A function of its own: over hundreds of
 * thousands of followed accounts, a loop on a variable that the panel's closures capture ran
 * several times slower.)
 */
function atLeast(counts: Uint32Array, floor: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < counts.length; i++) if (counts[i]! >= floor) out.push(i);
  return out;
}
