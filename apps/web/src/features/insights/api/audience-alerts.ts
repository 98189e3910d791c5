import type { AlertDelivery, AudienceAlert, SaveAlert } from '@murmur/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { request } from '@/lib/request';

const alertsKey = (configId: number) => ['audience-alerts', configId] as const;
const deliveriesKey = (alertId: number) => ['audience-alerts', 'deliveries', alertId] as const;

/**
 * The audience's latest point changed (a new day's point, measured when the history was asked for,
 * possibly while the rules were being fetched): the rules were evaluated on it, so their "last
 * alerted" and delivery logs may have changed (every delivery log shown is refetched).
 */
export const useRefreshAlertsOnNewPoint = (configId: number, latestDay: string | undefined) => {
  const queryClient = useQueryClient();
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (latestDay === undefined || seen.current === latestDay) return;
    seen.current = latestDay;
    void queryClient.invalidateQueries({ queryKey: alertsKey(configId) });
    void queryClient.invalidateQueries({ queryKey: ['audience-alerts', 'deliveries'] });
  }, [configId, latestDay, queryClient]);
};

/** GET /api/audience-configs/{pk}/alerts/ — the caller's alert rules on a saved audience. */
export const useAudienceAlerts = (configId: number) =>
  useQuery({
    queryKey: alertsKey(configId),
    queryFn: async ({ signal }): Promise<AudienceAlert[]> =>
      (await request.get('/api/audience-configs/:pk/alerts/', { params: { pk: configId }, signal })).results,
  });

/** POST /api/audience-configs/{pk}/alerts/ — adds a rule. */
export const useAddAlert = (configId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAlert): Promise<AudienceAlert> =>
      request.post('/api/audience-configs/:pk/alerts/', { params: { pk: configId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey(configId) }),
  });
};

/** DELETE /api/audience-alerts/{pk}/ — removes a rule of the caller. */
export const useDeleteAlert = (configId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: number) => request.delete('/api/audience-alerts/:pk/', { params: { pk: alertId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey(configId) }),
  });
};

/** POST /api/audience-alerts/{pk}/test/ — a test event on every channel of the rule, now. */
export const useTestAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alertId: number): Promise<AlertDelivery[]> =>
      (await request.post('/api/audience-alerts/:pk/test/', { params: { pk: alertId } })).results,
    onSuccess: (_data, alertId) => queryClient.invalidateQueries({ queryKey: deliveriesKey(alertId) }),
  });
};

/** GET /api/audience-alerts/{pk}/deliveries/ — the rule's delivery log, newest first. */
export const useAlertDeliveries = (alertId: number, enabled: boolean) =>
  useQuery({
    queryKey: deliveriesKey(alertId),
    queryFn: async ({ signal }): Promise<AlertDelivery[]> =>
      (await request.get('/api/audience-alerts/:pk/deliveries/', { params: { pk: alertId }, signal }))
        .results,
    enabled,
  });
