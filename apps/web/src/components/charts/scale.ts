/** Width of a value's bar as a fraction of the widest: 0 for non-positive maxima, never above 1. */
export const barFraction = (value: number, max: number): number =>
  max > 0 && Number.isFinite(value) ? Math.max(0, Math.min(1, value / max)) : 0;

/** The largest audience or population share of a distribution: the bars' common 100 %. */
export const shareMax = (data: readonly { share: number; populationShare: number }[]): number =>
  data.reduce((max, d) => Math.max(max, d.share, d.populationShare), 0);
