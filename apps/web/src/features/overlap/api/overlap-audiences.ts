import type { JobOf, OverlapRequest, OverlapResult } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/audience-configs/overlap/ — starts the overlap job of 2–50 audiences (202 {job}). */
export const overlapAudiences = async (body: OverlapRequest): Promise<JobOf<OverlapResult>> =>
  // The job schema leaves `result` open (one schema for every job kind); this route's is OverlapResult.
  (await request.post('/api/audience-configs/overlap/', { body })).job as JobOf<OverlapResult>;

export const useOverlapAudiences = () => useMutation({ mutationFn: overlapAudiences });
