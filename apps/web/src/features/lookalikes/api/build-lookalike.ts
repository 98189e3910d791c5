import type { JobOf, LookalikeRequest, LookalikeResult } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/audience-configs/lookalikes/ — starts the lookalike job (202 {job}). */
export const buildLookalike = async (body: LookalikeRequest): Promise<JobOf<LookalikeResult>> =>
  // The job schema leaves `result` open (one schema for every job kind); this route's is a LookalikeResult.
  (await request.post('/api/audience-configs/lookalikes/', { body })).job as JobOf<LookalikeResult>;

export const useBuildLookalike = () => useMutation({ mutationFn: buildLookalike });
