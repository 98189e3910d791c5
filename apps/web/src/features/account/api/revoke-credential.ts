import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { credentialsQueryOptions } from './get-credentials';

/** Which of my credentials: a session's or a token's id (the two are numbered apart). */
export type CredentialRef = readonly ['session' | 'token', number];

/** DELETE /api/user/credentials/sessions/{pk}/ or …/tokens/{pk}/ — revokes one of mine. */
export const revokeCredential = async ([kind, id]: CredentialRef): Promise<void> => {
  if (kind === 'session') await request.delete('/api/user/credentials/sessions/:pk/', { params: { pk: id } });
  else await request.delete('/api/user/credentials/tokens/:pk/', { params: { pk: id } });
};

export const useRevokeCredential = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCredential,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialsQueryOptions().queryKey }),
  });
};
