import type { AccountApps } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/account-apps/ — the apps the ad account advertises, read on X through the team's grant. */
export const getAccountApps = (team: string, accountId: string, signal?: AbortSignal): Promise<AccountApps> =>
  request.get('/api/account-apps/', { query: { team, account_id: accountId }, signal });
export const getAccountAppsQueryOptions = (team: string, accountId: string) =>
  queryOptions({
    queryKey: ['ad-accounts', accountId, 'account-apps', team],
    queryFn: ({ signal }) => getAccountApps(team, accountId, signal),
  });
/** Read on X through the team's grant: asked once the account is known to be granted (`enabled`). */
export const useAccountApps = (team: string, accountId: string, enabled: boolean) =>
  useQuery({ ...getAccountAppsQueryOptions(team, accountId), enabled });
