import type { AudiencePlan, SaveAudiencePlan } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/audience-plan/ — a reach plan: its steps' configs in order and its limits. */
export const saveReachPlan = (body: SaveAudiencePlan): Promise<AudiencePlan> =>
  request.post('/api/audience-plan/', { body });

export const useSaveReachPlan = () => useMutation({ mutationFn: saveReachPlan });
