import type { JobOf, PerspectivesRequest, PerspectivesResult } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/audience-configs/perspectives/ — starts the comparison job of two audiences (202 {job}). */
export const compareAudiences = async (body: PerspectivesRequest): Promise<JobOf<PerspectivesResult>> =>
  // The job schema leaves `result` open (one schema for every job kind); this route's job compares
  // (the engine's comparison plus its figures).
  (await request.post('/api/audience-configs/perspectives/', { body })).job as JobOf<PerspectivesResult>;

export const useCompareAudiences = () => useMutation({ mutationFn: compareAudiences });
