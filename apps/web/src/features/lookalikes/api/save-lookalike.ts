import type { SaveLookalike } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { audienceConfigsKey } from '@/lib/api/get-audience-configs';
import { request } from '@/lib/request';

/** POST /api/audience-configs/lookalikes/save/ — one size of the lookalike as a saved audience (201). */
export const saveLookalike = (body: SaveLookalike) =>
  request.post('/api/audience-configs/lookalikes/save/', { body });

/** Saving adds an audience: every list of saved audiences is read again. */
export const useSaveLookalike = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLookalike,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceConfigsKey }),
  });
};
