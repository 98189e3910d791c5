import type { InfluentialAccount, InfluentialPanel } from '@murmur/core/insights';
import { topK, topValues } from '../util/top-k';
import { accountSummary } from './account-summary';
import type { InsightContext } from './context';
import { followCounts } from './counts';

/** Influential accounts: who the audience follows most, against who everyone follows. */
export function influentialAccounts(ctx: InsightContext): InfluentialPanel {
  const { index } = ctx;
  const counts = followCounts(ctx);
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
  const accounts = topValues(counts, ctx.options.top);
  const candidates: number[] = [];
  for (let n = 0; n < counts.length; n++) if (counts[n]! >= floor) candidates.push(n);
  const ratio = (n: number) => counts[n]! / Math.max(1, index.followers.count(n));
  return {
    basis: ctx.graphBasis,
    accounts: accounts.map(describe),
    distinctive: topK(candidates, ratio, ctx.options.top).map(describe),
  };
}
