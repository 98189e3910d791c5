import type { InfluentialAccount, InfluentialPanel } from '@murmur/core/insights';
import { topK, topValues } from '../util/top-k';
import { accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { followTally } from './counts';

/** Influential accounts: who the audience follows most, against who everyone follows. */
export function influentialAccounts(ctx: InsightContext): InfluentialPanel {
  const { index } = ctx;
  // Only followed accounts can rank: scanning them, in account order, ranks as scanning all would.
  // Candidates are positions in `followed`, which keep its (account) order.
  const { counts, followed } = followTally(ctx);
  const base = ctx.graphSample.length;
  const describe = (i: number): InfluentialAccount => {
    const n = followed[i]!;
    const share = base > 0 ? counts[i]! / base : 0;
    const populationShare = index.population > 0 ? index.followers.count(n) / index.population : 0;
    return {
      ...accountSummary(index, n),
      followersInAudience: ctx.scaleUp(counts[i]!, ctx.graphSample),
      share,
      populationShare,
      affinity: populationShare > 0 ? share / populationShare : null,
      inAudience: ctx.set.has(n),
    };
  };
  const floor = Math.max(3, Math.ceil(base * 0.005));
  const accounts = topValues(counts, ctx.options.top);
  const candidates = atLeast(counts, floor);
  const ratio = (i: number) => counts[i]! / Math.max(1, index.followers.count(followed[i]!));
  return {
    basis: ctx.graphBasis,
    accounts: accounts.map(describe),
    distinctive: topK(candidates, ratio, ctx.options.top).map(describe),
  };
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
