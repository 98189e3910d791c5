import type { Share } from '@murmur/core/insights';

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
  return {
    key,
    label,
    count,
    share,
    populationShare,
    affinity: populationShare > 0 ? share / populationShare : null,
  };
}
