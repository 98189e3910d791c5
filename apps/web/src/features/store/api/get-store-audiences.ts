import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreAudience } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';

export interface StoreFilters {
  category?: string;
  region?: string;
  search?: string;
}

/** GET /api/audiences/ — the audience store's ready-made audiences (public). */
export const getStoreAudiences = (filters: StoreFilters, signal?: AbortSignal) =>
  request.get<{ count: number; results: StoreAudience[] }>('/api/audiences/', {
    query: { ...filters },
    signal,
  });

export const getStoreAudiencesQueryOptions = (filters: StoreFilters) =>
  queryOptions({
    queryKey: ['store-audiences', filters],
    queryFn: ({ signal }) => getStoreAudiences(filters, signal),
  });

export const useStoreAudiences = (filters: StoreFilters) =>
  useQuery({ ...getStoreAudiencesQueryOptions(filters), placeholderData: keepPreviousData });
