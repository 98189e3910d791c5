import type { AudienceConfig, SaveAudienceConfig } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../request';
import { audienceConfigsKey } from './get-audience-configs';

/** POST /api/audience-configs/ — saves an audience (sizes are computed by the server). */
export const createAudienceConfig = (body: SaveAudienceConfig): Promise<AudienceConfig> =>
  request.post('/api/audience-configs/', { body });

export const useCreateAudienceConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAudienceConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceConfigsKey }),
  });
};
