import type { Adset } from '@murmur/core/api';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { campaignsKey } from './campaigns-key';

/** GET /api/campaigns/{pk}/adsets/ — a campaign's ad sets. */
export const getAdsets = (pk: number, signal?: AbortSignal): Promise<Adset[]> =>
  request.get('/api/campaigns/:pk/adsets/', { params: { pk }, signal });

export const useAdsets = (pk: number | null) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'adsets'],
    queryFn: ({ signal }) => getAdsets(pk ?? 0, signal),
    enabled: pk !== null,
  });
