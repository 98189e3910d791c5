import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AudienceCategory } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';

/** GET /api/audience-categories/ */
export const getAudienceCategories = (signal?: AbortSignal) =>
  request.get<AudienceCategory[]>('/api/audience-categories/', { signal });

export const getAudienceCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['audience-categories'],
    queryFn: ({ signal }) => getAudienceCategories(signal),
    staleTime: 10 * 60_000,
  });

export const useAudienceCategories = () => useQuery(getAudienceCategoriesQueryOptions());
