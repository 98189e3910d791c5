import type { AdAccountFunding } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/campaigns/funding/?team=&ad_account_id= — the currency a granted ad account pays in on X. */
export const getAdAccountFunding = (
  team: string,
  adAccountId: string,
  signal?: AbortSignal,
): Promise<AdAccountFunding> =>
  request.get('/api/campaigns/funding/', { query: { team, ad_account_id: adAccountId }, signal });

export const adAccountFundingQueryOptions = (team: string, adAccountId: string) =>
  queryOptions({
    queryKey: ['ad-account-funding', team, adAccountId],
    queryFn: ({ signal }) => getAdAccountFunding(team, adAccountId, signal),
    // An account's funding instrument rarely changes; X is asked once per account and visit.
    staleTime: 10 * 60_000,
  });
export const useAdAccountFunding = (team: string, adAccountId: string) =>
  useQuery({ ...adAccountFundingQueryOptions(team, adAccountId), enabled: adAccountId !== '' });
