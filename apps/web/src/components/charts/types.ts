/**
 * One value of a distribution, as the insights panels give it: members with it, their share, the
 * population's share and the affinity (share ÷ population share; null when the population has none).
 */
export interface ShareDatum {
  key: string;
  label: string;
  count: number;
  share: number;
  populationShare: number;
  affinity: number | null;
}
