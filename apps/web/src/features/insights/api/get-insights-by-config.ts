import type { InsightsByConfig } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import type { InsightsReport } from '../types';

/** The stored report of a saved audience, with the audience itself; `insights` is null before the first. */
export type StoredInsights = Omit<InsightsByConfig, 'insights'> & { insights: InsightsReport | null };

/** GET /api/audience-insights/{id}/by_config/ */
export const getInsightsByConfig = (configId: number, signal?: AbortSignal): Promise<StoredInsights> =>
  request.get<StoredInsights>(`/api/audience-insights/${configId}/by_config/`, { signal });

export const getInsightsByConfigQueryOptions = (configId: number) =>
  queryOptions({
    queryKey: ['audience-insights', configId],
    queryFn: ({ signal }) => getInsightsByConfig(configId, signal),
    // A report only changes when this screen recomputes it (and then refetches).
    staleTime: 60_000,
  });

export const useInsightsByConfig = (configId: number | null) =>
  useQuery({ ...getInsightsByConfigQueryOptions(configId ?? 0), enabled: configId !== null });
