import type { SsoConfigInput } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getSsoConfigQueryOptions } from './get-sso-config';

/** PUT /api/teams/{slug}/sso/ — leave `client_secret` out to keep the stored one. */
export const saveSsoConfig = (slug: string, body: SsoConfigInput) =>
  request.put('/api/teams/:slug/sso/', { params: { slug }, body });

export const useSaveSsoConfig = (slug: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoConfigInput) => saveSsoConfig(slug, body),
    onSuccess: (config) => queryClient.setQueryData(getSsoConfigQueryOptions(slug).queryKey, config),
  });
};
