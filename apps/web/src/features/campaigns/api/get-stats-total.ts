import type { StatsTotal } from '@murmur/core/api';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { campaignsKey } from './campaigns-key';

/** GET /api/campaigns/{pk}/statstotal/ — a campaign's delivery totals. */
export const getStatsTotal = (pk: number, signal?: AbortSignal): Promise<StatsTotal> =>
  request.get('/api/campaigns/:pk/statstotal/', { params: { pk }, signal });

export const useStatsTotal = (pk: number) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'statstotal'],
    queryFn: ({ signal }) => getStatsTotal(pk, signal),
  });
