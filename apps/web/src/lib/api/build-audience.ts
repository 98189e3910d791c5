import { isTargetingPackageNonEmpty, type TargetingPackage } from '@murmur/core/targeting';
import { useDebounced } from '@/lib/debounce';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Estimate } from '@murmur/core/api';
import { request } from '../request';

/** No saved audience excluded (one constant, so that a query's key does not change each render). */
export const NO_EXCLUSIONS: readonly number[] = [];

/**
 * POST /api/build-audience/ — the size of a package (population estimate and bucket), without the
 * members of the saved audiences in `exclusions`.
 */
export const buildAudience = (
  targetingPackage: TargetingPackage,
  exclusions: readonly number[] = NO_EXCLUSIONS,
  signal?: AbortSignal,
): Promise<Estimate> =>
  request.post('/api/build-audience/', {
    body: { targeting_package: targetingPackage, exclusions: [...exclusions] },
    signal,
  });

export const buildAudienceQueryOptions = (
  targetingPackage: TargetingPackage,
  exclusions: readonly number[] = NO_EXCLUSIONS,
) =>
  queryOptions({
    queryKey: ['build-audience', targetingPackage, exclusions],
    queryFn: ({ signal }) => buildAudience(targetingPackage, exclusions, signal),
    staleTime: 60_000,
  });

/**
 * The estimate of a package being edited (the creator's size panel and the pro site's live size): asked 500 ms after the last change; the previous size stays
 * on screen meanwhile. `settling` is true while a change waits for its call.
 */
export const useEstimate = (
  targetingPackage: TargetingPackage,
  exclusions: readonly number[] = NO_EXCLUSIONS,
) => {
  const [debounced] = useDebounced(targetingPackage);
  const empty = !isTargetingPackageNonEmpty(debounced);
  const query = useQuery({
    ...buildAudienceQueryOptions(debounced, exclusions),
    enabled: !empty,
    placeholderData: keepPreviousData,
  });
  return { ...query, empty, settling: debounced !== targetingPackage };
};
