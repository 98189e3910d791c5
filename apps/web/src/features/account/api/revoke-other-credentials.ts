import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { credentialsQueryOptions } from './get-credentials';

/** POST /api/user/credentials/revoke-others/ — "Sign out everywhere else". */
export const revokeOtherCredentials = async (): Promise<void> => {
  await request.post('/api/user/credentials/revoke-others/');
};

export const useRevokeOtherCredentials = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherCredentials,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialsQueryOptions().queryKey }),
  });
};
