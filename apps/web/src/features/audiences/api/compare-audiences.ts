import type { JobOf, PerspectivesRequest } from '@murmur/core/api';
import type { AudienceComparison } from '@murmur/core/insights';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/audience-configs/perspectives/ — starts the comparison job of two audiences (202 {job}). */
export const compareAudiences = async (body: PerspectivesRequest): Promise<JobOf<AudienceComparison>> =>
  // The job schema leaves `result` open (one schema for every job kind); this route's job compares.
  (await request.post('/api/audience-configs/perspectives/', { body })).job as JobOf<AudienceComparison>;

export const useCompareAudiences = () => useMutation({ mutationFn: compareAudiences });
