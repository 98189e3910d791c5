import type { MagicLinkResponse } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/personal-magic-link/magic/ — the pro-targeting site's email sign-in. */
export const requestPersonalMagicLink = (email: string): Promise<MagicLinkResponse> =>
  request.post('/api/external/personal-magic-link/magic/', { body: { email } });

export const useRequestPersonalMagicLink = () => useMutation({ mutationFn: requestPersonalMagicLink });
