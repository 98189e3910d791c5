import type { Share } from '@murmur/core/insights';

/**
 * One value of a distribution, as the insights panels give it: members with it, their share, the
 * population's share and the affinity (share ÷ population share; null when the population has none).
 * The 95 % intervals come with the insights panels' shares; other figures (X statistics) lack them.
 */
export type ShareDatum = Omit<Share, 'shareInterval' | 'affinityInterval'> &
  Partial<Pick<Share, 'shareInterval' | 'affinityInterval'>>;
