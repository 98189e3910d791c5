import type { AudienceCategory } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/audience-categories/ */
export const getAudienceCategories = (signal?: AbortSignal): Promise<AudienceCategory[]> =>
  request.get('/api/audience-categories/', { signal });

export const getAudienceCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['audience-categories'],
    queryFn: ({ signal }) => getAudienceCategories(signal),
    staleTime: 10 * 60_000,
  });

export const useAudienceCategories = () => useQuery(getAudienceCategoriesQueryOptions());
