import type { Share } from '@murmur/core/insights';

/**
 * One value of a distribution, as the insights panels give it: members with it, their share, the
 * population's share and the affinity (share ÷ population share; null when the population has none).
 */
export type ShareDatum = Share;
