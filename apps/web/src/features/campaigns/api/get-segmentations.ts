import type { Segmentations } from '@murmur/core/api';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { campaignsKey } from './campaigns-key';

/** GET /api/campaigns/{pk}/segmentations/ — a campaign's delivery by segment. */
export const getSegmentations = (pk: number, signal?: AbortSignal): Promise<Segmentations> =>
  request.get('/api/campaigns/:pk/segmentations/', { params: { pk }, signal });

export const useSegmentations = (pk: number) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'segmentations'],
    queryFn: ({ signal }) => getSegmentations(pk, signal),
  });
