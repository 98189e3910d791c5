import type { AudienceChanges, AudienceHistory } from '@murmur/core/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** Days of history the insights screen shows. */
export const HISTORY_DAYS = 90;

/** GET /api/audience-configs/{pk}/history/ — a saved audience's daily points, oldest first. */
const getAudienceHistory = (pk: number, signal?: AbortSignal): Promise<AudienceHistory> =>
  request.get('/api/audience-configs/:pk/history/', {
    params: { pk },
    query: { days: HISTORY_DAYS },
    signal,
  });

export const audienceHistoryQueryOptions = (configId: number) =>
  queryOptions({
    queryKey: ['audience-history', configId],
    queryFn: ({ signal }) => getAudienceHistory(configId, signal),
    // One point a day: a minute-old answer is as good as a new one.
    staleTime: 60_000,
  });

export const useAudienceHistory = (configId: number) => useQuery(audienceHistoryQueryOptions(configId));

/** GET /api/audience-configs/{pk}/history/changes/ — what moved between two days. */
const getAudienceChanges = (
  pk: number,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<AudienceChanges> =>
  request.get('/api/audience-configs/:pk/history/changes/', { params: { pk }, query: { from, to }, signal });

export const useAudienceChanges = (configId: number, from: string | null, to: string | null) =>
  useQuery({
    queryKey: ['audience-history', configId, 'changes', from, to],
    queryFn: ({ signal }) => getAudienceChanges(configId, from!, to!, signal),
    enabled: from !== null && to !== null && from !== to,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
