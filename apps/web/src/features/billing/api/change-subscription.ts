import type { CancelBody, Detail, UpgradeBody } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getTeamBillingQueryOptions } from './get-team-billing';

/** POST /api/customer/subscriptions/upgrade/ — a dearer plan now, prorated (admins). */
export const upgradeSubscription = (body: UpgradeBody): Promise<Detail> =>
  request.post('/api/customer/subscriptions/upgrade/', { body });

/** POST /api/customer/subscriptions/cancel/ — ends with the paid period (admins). */
export const cancelSubscription = (body: CancelBody): Promise<Detail> =>
  request.post('/api/customer/subscriptions/cancel/', { body });

export const useUpgradeSubscription = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: string) => upgradeSubscription({ team, plan }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTeamBillingQueryOptions(team).queryKey }),
  });
};

export const useCancelSubscription = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription({ team }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTeamBillingQueryOptions(team).queryKey }),
  });
};
