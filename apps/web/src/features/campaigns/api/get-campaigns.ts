import type { ApiRoutes, CampaignList } from '@murmur/core/api';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { campaignsKey } from './campaigns-key';

export type CampaignFilters = NonNullable<ApiRoutes['GET /api/campaigns/']['query']>;
export const CAMPAIGNS_PAGE = 25;

/** GET /api/campaigns/?team= — one page of a team's campaigns, with totals. */
export const getCampaigns = (
  filters: CampaignFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<CampaignList> =>
  request.get('/api/campaigns/', { query: { ...filters, limit: CAMPAIGNS_PAGE, offset }, signal });

export const campaignsQueryOptions = (filters: CampaignFilters) =>
  infiniteQueryOptions({
    queryKey: [...campaignsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getCampaigns(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.next === null ? undefined : pages.reduce((sum, page) => sum + page.results.length, 0),
  });
export const useCampaigns = (filters: CampaignFilters) =>
  useInfiniteQuery({ ...campaignsQueryOptions(filters), placeholderData: keepPreviousData });
