import type { Share } from '@murmur/core/insights';
import { wilsonInterval } from '@murmur/core/sampling';

/**
 * Fewest members an insight item is counted for before it is listed (a cell of 1–4 accounts says
 * nothing of the audience: "distinctive" lists were topped by items 2 accounts held, at 100×).
 */
export const MIN_SUPPORT = 5;

/** A panel value: `count` of `base` members, against `populationCount` of the whole population. */
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
  // A count never exceeds its base; clamped so a miscounted item cannot throw an insights run away.
  const { low, high } = wilsonInterval(Math.min(count, base), base);
  const shareInterval: [number, number] = [low, high];
  return {
    key,
    label,
    count,
    share,
    shareInterval,
    populationShare,
    affinity: populationShare > 0 ? share / populationShare : null,
    affinityInterval:
      populationShare > 0 ? [shareInterval[0] / populationShare, shareInterval[1] / populationShare] : null,
  };
}

/**
 * How distinctive an item is, for ranking: the lower end of its affinity's 95 % interval, so an item
 * ranks high only when its sample shows it over-represented beyond doubt; 0 (not distinctive) under
 * `minSupport` members or when the share's interval does not lie above the population's share. When
 * the population's counts come from a sample of it (`populationSampled`: a chosen baseline's term
 * rows), the share's interval must lie above the population share's own 95 % interval too.
 */
export function distinctiveScore(
  count: number,
  base: number,
  populationCount: number,
  population: number,
  minSupport: number,
  populationSampled = false,
): number {
  if (count < minSupport || base <= 0 || population <= 0) return 0;
  const populationShare = populationCount / population;
  if (populationShare <= 0) return 0;
  const { low } = wilsonInterval(Math.min(count, base), base);
  const bar = populationSampled
    ? wilsonInterval(Math.min(populationCount, population), population).high
    : populationShare;
  return low > bar ? low / populationShare : 0;
}
