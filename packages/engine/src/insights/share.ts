/**
 * One value of a panel: how many analysed members have it, their share, the population's share
 * and the affinity (share in audience / share in population, ARCHITECTURE §3). Affinity is null
 * when the population has none of it (cannot happen for values drawn from the population).
 */
export interface Share {
  key: string;
  label: string;
  count: number;
  share: number;
  populationShare: number;
  affinity: number | null;
}

export function shareOf(
  key: string,
  label: string,
  count: number,
  base: number,
  populationCount: number,
  population: number,
): Share {
  const share = base > 0 ? count / base : 0;
  const populationShare = population > 0 ? populationCount / population : 0;
  return {
    key,
    label,
    count,
    share,
    populationShare,
    affinity: populationShare > 0 ? share / populationShare : null,
  };
}

/** Which members a panel's counts cover: all of them, or a uniform sample (said so here). */
export interface Basis {
  /** Audience members (sampleCount). */
  members: number;
  /** Members counted for this panel. */
  analysed: number;
  sampled: boolean;
}
