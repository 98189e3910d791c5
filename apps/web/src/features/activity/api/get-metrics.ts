import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/metrics/ — the team's recorded activity counted per kind: in the last `days` and in all. */
export const getMetrics = (team: string, days: number, signal?: AbortSignal) =>
  request.get('/api/metrics/', { query: { team, days }, signal });

export const getMetricsQueryOptions = (team: string, days: number) =>
  queryOptions({
    queryKey: ['metrics', team, days],
    queryFn: ({ signal }) => getMetrics(team, days, signal),
  });

export const useMetrics = (team: string, days: number) => useQuery(getMetricsQueryOptions(team, days));
