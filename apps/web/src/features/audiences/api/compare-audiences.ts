import { useMutation } from '@tanstack/react-query';
import type { AudienceComparison, Job } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';

export interface CompareAudiences {
  a: number;
  b: number;
}

/** POST /api/audience-configs/perspectives/ — starts the comparison job (202 {job}). */
export const compareAudiences = async ({ a, b }: CompareAudiences): Promise<Job<AudienceComparison>> =>
  (
    await request.post<{ job: Job<AudienceComparison> }>('/api/audience-configs/perspectives/', {
      body: { a: { audience_config_id: a }, b: { audience_config_id: b } },
    })
  ).job;

export const useCompareAudiences = () => useMutation({ mutationFn: compareAudiences });
