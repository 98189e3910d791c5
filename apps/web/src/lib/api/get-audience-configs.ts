import type { AudienceConfigKind, AudienceConfigList, ApiRoutes } from '@murmur/core/api';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { request } from '../request';

/**
 * A list's filters: `team` (slug or id; left out for the caller's personal audiences), search, status,
 * targetable and `ordering` (SPEC §9: a leading minus sorts descending, '-modified').
 */
export type AudienceConfigFilters = Pick<
  NonNullable<ApiRoutes['GET /api/audience-configs/']['query']>,
  'team' | 'search' | 'status' | 'targetable' | 'ordering'
>;

export const AUDIENCE_CONFIGS_PAGE = 25;

/** GET /api/audience-configs/ — one page of saved audiences. */
export const getAudienceConfigs = (
  filters: AudienceConfigFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<AudienceConfigList> =>
  request.get('/api/audience-configs/', {
    query: { ...filters, limit: AUDIENCE_CONFIGS_PAGE, offset },
    signal,
  });

/** Every list of audience configs lives under this key; saving or deleting invalidates it. */
export const audienceConfigsKey = ['audience-configs'] as const;

export const getAudienceConfigsQueryOptions = (filters: AudienceConfigFilters) =>
  infiniteQueryOptions({
    queryKey: [...audienceConfigsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getAudienceConfigs(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.next === null ? undefined : pages.reduce((sum, page) => sum + page.results.length, 0),
  });

/** The list stays on screen (dimmed) while a new filter or sort loads. */
export const useAudienceConfigs = (filters: AudienceConfigFilters) =>
  useInfiniteQuery({ ...getAudienceConfigsQueryOptions(filters), placeholderData: keepPreviousData });

/** GET /api/audience-configs/?kind= — the caller's personal lists of one kind (SPEC §3), newest first. */
export const getAudienceConfigsOfKind = (kind: AudienceConfigKind, signal?: AbortSignal) =>
  request.get('/api/audience-configs/', { query: { kind, limit: 100, ordering: '-modified' }, signal });

// Under audienceConfigsKey: saving a list anywhere (the builder) refreshes these.
export const audienceConfigsOfKindQueryOptions = (kind: AudienceConfigKind) =>
  queryOptions({
    queryKey: [...audienceConfigsKey, 'kind', kind],
    queryFn: ({ signal }) => getAudienceConfigsOfKind(kind, signal),
  });

export const useAudienceConfigsOfKind = (kind: AudienceConfigKind, enabled: boolean) =>
  useQuery({ ...audienceConfigsOfKindQueryOptions(kind), enabled });
