import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '../../../lib/api/get-me';
import { request } from '../../../lib/request';
import { socialAccountsQueryOptions } from './get-social-accounts';

/** POST /rest-auth/socialaccounts/{pk}/disconnect/ (empty body). */
export const disconnectSocialAccount = (id: number): Promise<{ detail: string }> =>
  request.post<{ detail: string }>(`/rest-auth/socialaccounts/${id}/disconnect/`);

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
