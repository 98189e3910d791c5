import type {
  AdAccountAccess,
  CreateAdAccountInput,
  CreatedAdAccount,
  CreateGrantedAccount,
  GrantedAccount,
} from '@murmur/core/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

import { adAccountsQueryOptions } from '@/lib/api/get-ad-accounts';

export { adAccountsQueryOptions, getAdAccounts, useAdAccounts } from '@/lib/api/get-ad-accounts';

/** POST /api/external/create-ad-account/ — adds an ad account the connected X account reaches. */
export const createAdAccount = (body: CreateAdAccountInput): Promise<CreatedAdAccount> =>
  request.post('/api/external/create-ad-account/', { body });
export const useCreateAdAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adAccountsQueryOptions().queryKey }),
  });
};

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
