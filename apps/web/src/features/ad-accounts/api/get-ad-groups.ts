import type { AdAccountAdGroups } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/user/accounts/{account_id}/ad-groups/ — the ad account's ad groups and ads, read on X. */
export const getAdGroups = (accountId: string, signal?: AbortSignal): Promise<AdAccountAdGroups> =>
  request.get('/api/user/accounts/:account_id/ad-groups/', { params: { account_id: accountId }, signal });
export const getAdGroupsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['ad-accounts', accountId, 'ad-groups'],
    queryFn: ({ signal }) => getAdGroups(accountId, signal),
  });
/** Asked only once the ad account's ad groups are opened (`enabled`). */
export const useAdGroups = (accountId: string, enabled: boolean) =>
  useQuery({ ...getAdGroupsQueryOptions(accountId), enabled });
