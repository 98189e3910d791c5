import type { MagicLinkResponse } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/user/magic-link/ — emails a 6-character code and returns the magic_code to pair it with. */
export const requestMagicLink = (email: string): Promise<MagicLinkResponse> =>
  request.post('/api/user/magic-link/', { body: { email } });

export const useRequestMagicLink = () => useMutation({ mutationFn: requestMagicLink });
