import { isTargetingPackageNonEmpty, type TargetingPackage } from '@murmur/core/targeting';
import { useDebounced } from '@/lib/debounce';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { XEstimate } from '@murmur/core/api';
import { request } from '../request';
import { NO_EXCLUSIONS } from './build-audience';

/**
 * POST /api/build-audience/x-estimate/ — the range X's Ads API shows for the package: X's own with
 * the team's granted ad account, else predicted from Murmur's estimate.
 */
export const getXEstimate = (
  targetingPackage: TargetingPackage,
  team: string | undefined,
  exclusions: readonly number[] = NO_EXCLUSIONS,
  signal?: AbortSignal,
): Promise<XEstimate> =>
  request.post('/api/build-audience/x-estimate/', {
    body: {
      targeting_package: targetingPackage,
      exclusions: [...exclusions],
      ...(team !== undefined && { team }),
    },
    signal,
  });

/**
 * X's estimate of a package being edited, asked once Murmur's estimate has answered (`ready`), so that
 * waiting for X never delays the size; the previous range stays on screen meanwhile.
 */
export const useXEstimate = (
  targetingPackage: TargetingPackage,
  team: string | undefined,
  ready: boolean,
  exclusions: readonly number[] = NO_EXCLUSIONS,
) => {
  const [debounced] = useDebounced(targetingPackage);
  const empty = !isTargetingPackageNonEmpty(debounced);
  return useQuery({
    queryKey: ['x-estimate', debounced, team ?? null, exclusions],
    queryFn: ({ signal }) => getXEstimate(debounced, team, exclusions, signal),
    enabled: !empty && ready,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
};
