import type { AudienceRegion } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/audience-regions/ */
export const getAudienceRegions = (signal?: AbortSignal): Promise<AudienceRegion[]> =>
  request.get('/api/audience-regions/', { signal });

export const getAudienceRegionsQueryOptions = () =>
  queryOptions({
    queryKey: ['audience-regions'],
    queryFn: ({ signal }) => getAudienceRegions(signal),
    staleTime: 10 * 60_000,
  });

export const useAudienceRegions = () => useQuery(getAudienceRegionsQueryOptions());
