import type { MagicLinkUse, SignInResponse } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyLanguage } from '@/lib/i18n';
import { personalStore } from '@/lib/personal-store';
import { request } from '@/lib/request';
import { getStandaloneMeQueryOptions } from './get-standalone-me';

/** POST /api/external/personal-magic-link/use/ — returns the pro-targeting token (SPEC §6) as `key`. */
export const confirmPersonalMagicLink = (body: MagicLinkUse): Promise<SignInResponse> =>
  request.post('/api/external/personal-magic-link/use/', { body });

const displayName = (user: SignInResponse['user']): string =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

export const useConfirmPersonalMagicLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPersonalMagicLink,
    onSuccess: ({ key, user }) => {
      // SPEC §3: the persisted personal store keeps email, name, token and the signed-in-as value.
      personalStore.set({ email: user.email, name: displayName(user), token: key, signedInAs: user.email });
      queryClient.setQueryData(getStandaloneMeQueryOptions(key).queryKey, user);
      // SPEC §9, as on the dashboard: once signed in, the user's saved language wins over the
      // browser's (the site's own language menu still switches it afterwards).
      void applyLanguage(user.language);
    },
  });
};
