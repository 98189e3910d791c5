import { topK, topValues } from '../util/top-k';
import { accountSummary, type AccountSummary } from './account-summary';
import type { InsightContext } from './context';
import { followCounts } from './counts';
import type { Basis } from './share';

export interface InfluentialAccount extends AccountSummary {
  /** Members following it, estimated for the whole audience from the graph sample. */
  followersInAudience: number;
  /** Share of sampled members who follow it. */
  share: number;
  /** Share of the population who follow it. */
  populationShare: number;
  affinity: number | null;
  inAudience: boolean;
}

export interface InfluentialPanel {
  basis: Basis;
  /** Most followed by the audience. */
  accounts: InfluentialAccount[];
  /** Followed far more inside the audience than outside (by ≥ 0.5 % of members). */
  distinctive: InfluentialAccount[];
}

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
