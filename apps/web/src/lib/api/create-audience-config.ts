import type { TargetingPackage } from '@murmur/core/targeting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../request';
import type { AudienceConfig } from './audience-types';
import { audienceConfigsKey } from './get-audience-configs';

export interface CreateAudienceConfig {
  name: string;
  targeting_package?: TargetingPackage;
  team?: string;
  category_id?: number;
  kind?: 'builder' | 'saved_list';
  exclusions?: number[];
  /** Saving an audience of the store (GET /api/audiences/). */
  from_audience?: number;
}

/** POST /api/audience-configs/ — saves an audience (sizes are computed by the server). */
export const createAudienceConfig = (body: CreateAudienceConfig): Promise<AudienceConfig> =>
  request.post<AudienceConfig>('/api/audience-configs/', { body });

export const useCreateAudienceConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAudienceConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceConfigsKey }),
  });
};
