import { formatPercent, NO_VALUE } from '@murmur/core/format';

/** A share (0.1234) as SPEC §9's percent with up to 2 decimals ("12.34%"). */
export const formatShare = (share: number): string => formatPercent(share, { fromFraction: true });

const affinityNumber = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** Affinity as an index against the population: "1.42×"; "—" when unknown. */
export const formatAffinity = (affinity: number | null): string =>
  affinity === null || !Number.isFinite(affinity) ? NO_VALUE : `${affinityNumber.format(affinity)}×`;

/** Over-, under- or about as represented as in the population (±20 %). */
export type AffinityTone = 'over' | 'under' | 'even';

export const affinityTone = (affinity: number | null): AffinityTone =>
  affinity === null ? 'even' : affinity >= 1.2 ? 'over' : affinity <= 0.8 ? 'under' : 'even';
