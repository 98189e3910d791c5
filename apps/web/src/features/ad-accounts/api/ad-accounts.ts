import type { AdAccount, AdAccountAccess, CreateGrantedAccount, GrantedAccount } from '@murmur/core/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/user/accounts/ — the user's ad accounts, read from the connected X account. */
export const getAdAccounts = (signal?: AbortSignal): Promise<AdAccount[]> =>
  request.get('/api/user/accounts/', { signal });
export const adAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['ad-accounts'], queryFn: ({ signal }) => getAdAccounts(signal) });
export const useAdAccounts = () => useQuery(adAccountsQueryOptions());

/** GET /api/user/granted-accounts/ — grants made through the user's memberships. */
export const getGrantedAccounts = (signal?: AbortSignal): Promise<GrantedAccount[]> =>
  request.get('/api/user/granted-accounts/', { signal });
export const grantedAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['granted-accounts'], queryFn: ({ signal }) => getGrantedAccounts(signal) });
export const useGrantedAccounts = () => useQuery(grantedAccountsQueryOptions());

export const grantAccount = (body: CreateGrantedAccount): Promise<GrantedAccount> =>
  request.post('/api/user/granted-accounts/', { body });
export const revokeGrant = (pk: number): Promise<void> =>
  request.delete('/api/user/granted-accounts/:pk/', { params: { pk } });

const useGrantMutation = <T>(mutationFn: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantedAccountsQueryOptions().queryKey }),
  });
};
export const useGrantAccount = () => useGrantMutation(grantAccount);
export const useRevokeGrant = () => useGrantMutation(revokeGrant);

/** POST /api/external/validate-ad-account/ — SPEC §4 access (unknown until checked). */
export const validateAdAccount = (ad_account_id: string): Promise<AdAccountAccess> =>
  request.post('/api/external/validate-ad-account/', { body: { ad_account_id } });
export const useValidateAdAccount = () => useMutation({ mutationFn: validateAdAccount });
