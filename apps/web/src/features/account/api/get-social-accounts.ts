import type { SocialAccount } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /rest-auth/socialaccounts/ — the signed-in user's linked social accounts. */
export const getSocialAccounts = (signal?: AbortSignal): Promise<SocialAccount[]> =>
  request.get('/rest-auth/socialaccounts/', { signal });

export const socialAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['social-accounts'], queryFn: ({ signal }) => getSocialAccounts(signal) });

export const useSocialAccounts = () => useQuery(socialAccountsQueryOptions());
