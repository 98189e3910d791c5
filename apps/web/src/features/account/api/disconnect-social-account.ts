import type { Detail } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '@/lib/api/get-me';
import { request } from '@/lib/request';
import { socialAccountsQueryOptions } from './get-social-accounts';

/** POST /rest-auth/socialaccounts/{pk}/disconnect/ (empty body). */
export const disconnectSocialAccount = (pk: number): Promise<Detail> =>
  request.post('/rest-auth/socialaccounts/:pk/disconnect/', { params: { pk } });

export const useDisconnectSocialAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSocialAccount,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: socialAccountsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
      ]);
    },
  });
};
