import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { leaveSignedOut } from './delete-account';

/** POST /api/user/credentials/revoke-all/ — signs out everywhere, this browser included. */
export const revokeAllCredentials = async (): Promise<void> => {
  await request.post('/api/user/credentials/revoke-all/');
};

export const useRevokeAllCredentials = () =>
  useMutation({ mutationFn: revokeAllCredentials, onSuccess: leaveSignedOut });
