import type { InfluentialAccount, InfluentialPanel } from '@murmur/core/insights';
import { topK } from '../util/top-k';
import { accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { followTally } from './counts';

/** Influential accounts: who the audience follows most, against who everyone follows. */
export function influentialAccounts(ctx: InsightContext): InfluentialPanel {
  const { index } = ctx;
  // Only followed accounts can rank: scanning them, in account order, ranks as scanning all would.
  const { counts, followed } = followTally(ctx);
  const base = ctx.graphSample.length;
  const describe = (n: number): InfluentialAccount => {
    const share = base > 0 ? counts[n]! / base : 0;
    const populationShare = index.population > 0 ? index.followers.count(n) / index.population : 0;
    return {
      ...accountSummary(index, n),
      followersInAudience: ctx.scaleUp(counts[n]!, ctx.graphSample),
      share,
      populationShare,
      affinity: populationShare > 0 ? share / populationShare : null,
      inAudience: ctx.set.has(n),
    };
  };
  const floor = Math.max(3, Math.ceil(base * 0.005));
  const accounts = mostFollowed(followed, counts, ctx.options.top);
  const candidates: number[] = [];
  for (let i = 0; i < followed.length; i++) if (counts[followed[i]!]! >= floor) candidates.push(followed[i]!);
  const ratio = (n: number) => counts[n]! / Math.max(1, index.followers.count(n));
  return {
    basis: ctx.graphBasis,
    accounts: accounts.map(describe),
    distinctive: topK(candidates, ratio, ctx.options.top).map(describe),
  };
}

/**
 * The `k` accounts of `followed` (ascending) with the highest counts, ties to the lower account:
 * topValues' loop over the followed accounts only, with no call per account.
 */
function mostFollowed(followed: Uint32Array, counts: Uint32Array, k: number): number[] {
  const best: number[] = [];
  const scores: number[] = [];
  let floor = 0;
  for (let i = 0; i < followed.length; i++) {
    const n = followed[i]!;
    const s = counts[n]!;
    if (s <= floor) continue;
    let j = best.length === k ? k - 1 : best.length;
    while (j > 0 && scores[j - 1]! < s) {
      scores[j] = scores[j - 1]!;
      best[j] = best[j - 1]!;
      j--;
    }
    scores[j] = s;
    best[j] = n;
    if (best.length === k) floor = scores[k - 1]!;
  }
  return best;
}
