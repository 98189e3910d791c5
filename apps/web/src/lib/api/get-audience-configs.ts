import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../request';
import type { AudienceConfig, Page } from './audience-types';

export interface AudienceConfigFilters {
  /** A team's audiences; leave out for the caller's personal ones. */
  team?: string;
  search?: string;
  status?: string;
  targetable?: boolean;
  /** SPEC §9: a leading minus sorts descending ('-modified'). */
  ordering?: string;
}

export const AUDIENCE_CONFIGS_PAGE = 25;

/** GET /api/audience-configs/ — one page of saved audiences. */
export const getAudienceConfigs = (
  filters: AudienceConfigFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<Page<AudienceConfig>> =>
  request.get<Page<AudienceConfig>>('/api/audience-configs/', {
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
