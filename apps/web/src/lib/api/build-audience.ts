import { isTargetingPackageNonEmpty, type TargetingPackage } from '@murmur/core/targeting';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Estimate } from '@murmur/core/api';
import { request } from '../request';

/** SPEC §9: the default debounce, used between a change of criteria and the size call. */
export const ESTIMATE_DEBOUNCE_MS = 500;

/** POST /api/build-audience/ — the size of a package (population estimate and bucket). */
export const buildAudience = (targetingPackage: TargetingPackage, signal?: AbortSignal): Promise<Estimate> =>
  request.post('/api/build-audience/', { body: { targeting_package: targetingPackage }, signal });

export const buildAudienceQueryOptions = (targetingPackage: TargetingPackage) =>
  queryOptions({
    queryKey: ['build-audience', targetingPackage],
    queryFn: ({ signal }) => buildAudience(targetingPackage, signal),
    staleTime: 60_000,
  });

/**
 * The estimate of a package being edited (the creator's size panel and the pro site's live size): asked 500 ms after the last change; the previous size stays
 * on screen meanwhile. `settling` is true while a change waits for its call.
 */
export const useEstimate = (targetingPackage: TargetingPackage) => {
  const [debounced] = useDebouncedValue(targetingPackage, ESTIMATE_DEBOUNCE_MS);
  const empty = !isTargetingPackageNonEmpty(debounced);
  const query = useQuery({
    ...buildAudienceQueryOptions(debounced),
    enabled: !empty,
    placeholderData: keepPreviousData,
  });
  return { ...query, empty, settling: debounced !== targetingPackage };
};
