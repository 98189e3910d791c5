import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../request';
import { audienceConfigsKey } from './get-audience-configs';

/** DELETE /api/audience-configs/{pk}/ — a saved audience or a personal list (SPEC §3). */
export const deleteAudienceConfig = (pk: number): Promise<void> =>
  request.delete('/api/audience-configs/:pk/', { params: { pk } });

export const useDeleteAudienceConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAudienceConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceConfigsKey }),
  });
};
