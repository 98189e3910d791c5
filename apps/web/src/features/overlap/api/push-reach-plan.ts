import type { PushedReachPlan, PushReachPlan } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/audience-plan/{pk}/push/ — the plan's audiences to X: the union, or one per step. */
export const pushReachPlan = ({
  planId,
  ...body
}: PushReachPlan & { planId: number }): Promise<PushedReachPlan> =>
  request.post('/api/audience-plan/:pk/push/', { params: { pk: planId }, body });

export const usePushReachPlan = () => useMutation({ mutationFn: pushReachPlan });
