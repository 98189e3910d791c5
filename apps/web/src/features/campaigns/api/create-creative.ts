import type { AdCreative } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type BodyOf } from '@/lib/request';
import { creativesKey } from './get-creatives';

/** The body as the server's route schema takes it (core's z.input type leaves the media id unknown). */
type CreateAdCreative = BodyOf<'POST', '/api/ad-creatives/'>;

/** POST /api/ad-creatives/ */
export const createCreative = (body: CreateAdCreative): Promise<AdCreative> =>
  request.post('/api/ad-creatives/', { body });

export const useCreateCreative = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreative,
    onSuccess: (_d, body) => queryClient.invalidateQueries({ queryKey: creativesKey(body.team) }),
  });
};
