import type { MagicLinkUse, SignInResponse } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '@/lib/api/get-me';
import { request } from '@/lib/request';

/** POST /api/user/magic-link/use/ — signs in with the emailed code; sets the session cookie. */
export const confirmMagicLink = (body: MagicLinkUse): Promise<SignInResponse> =>
  request.post('/api/user/magic-link/use/', { body });

export const useConfirmMagicLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMagicLink,
    onSuccess: async ({ user }) => {
      // Another user may have been signed in before: nothing cached for them may leak into this session.
      // The current-user query itself is kept (and overwritten): mounted headers observe it, and an
      // observer of a removed query would keep showing the signed-out state.
      const meKey = getMeQueryOptions().queryKey;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] });
      queryClient.setQueryData(meKey, user);
      // SPEC §4: on success the user data is reloaded.
      await queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
};
