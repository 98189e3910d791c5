import type { ApiRoutes } from '@murmur/core/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** The store's filters: category and region (id or name) and a search text. */
export type StoreFilters = NonNullable<ApiRoutes['GET /api/audiences/']['query']>;

/** GET /api/audiences/ — the audience store's ready-made audiences (public). */
export const getStoreAudiences = (filters: StoreFilters, signal?: AbortSignal) =>
  request.get('/api/audiences/', { query: filters, signal });

export const getStoreAudiencesQueryOptions = (filters: StoreFilters) =>
  queryOptions({
    queryKey: ['store-audiences', filters],
    queryFn: ({ signal }) => getStoreAudiences(filters, signal),
  });

export const useStoreAudiences = (filters: StoreFilters) =>
  useQuery({ ...getStoreAudiencesQueryOptions(filters), placeholderData: keepPreviousData });
