import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';

export interface SocialAccount {
  id: number;
  provider: string;
  uid: string;
}

/** GET /rest-auth/socialaccounts/ — the signed-in user's linked social accounts. */
export const getSocialAccounts = (signal?: AbortSignal): Promise<SocialAccount[]> =>
  request.get<SocialAccount[]>('/rest-auth/socialaccounts/', { signal });

export const socialAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['social-accounts'], queryFn: ({ signal }) => getSocialAccounts(signal) });

export const useSocialAccounts = () => useQuery(socialAccountsQueryOptions());
