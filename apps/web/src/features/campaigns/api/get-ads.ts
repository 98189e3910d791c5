import type { Ad } from '@murmur/core/api';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { campaignsKey } from './campaigns-key';

/** GET /api/campaigns/{pk}/ads/ — a campaign's ads. */
export const getAds = (pk: number, signal?: AbortSignal): Promise<Ad[]> =>
  request.get('/api/campaigns/:pk/ads/', { params: { pk }, signal });

export const useAds = (pk: number | null) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'ads'],
    queryFn: ({ signal }) => getAds(pk ?? 0, signal),
    enabled: pk !== null,
  });
