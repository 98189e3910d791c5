import type { AdAccount } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** GET /api/user/accounts/ — the user's ad accounts, read from the connected X account. */
export const getAdAccounts = (signal?: AbortSignal): Promise<AdAccount[]> =>
  request.get('/api/user/accounts/', { signal });
export const adAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['ad-accounts'], queryFn: ({ signal }) => getAdAccounts(signal) });
export const useAdAccounts = () => useQuery(adAccountsQueryOptions());
