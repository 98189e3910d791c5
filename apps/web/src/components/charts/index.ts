export { ShareBars, type ShareBarsProps } from './share-bars';
export type { ShareDatum } from './types';
export { formatAffinity, formatShare, affinityTone, type AffinityTone } from './format';
