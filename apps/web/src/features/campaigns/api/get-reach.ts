import type { Reach } from '@murmur/core/api';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { campaignsKey } from './campaigns-key';

/** GET /api/campaigns/{pk}/reach/ — a campaign's reach. */
export const getReach = (pk: number, signal?: AbortSignal): Promise<Reach> =>
  request.get('/api/campaigns/:pk/reach/', { params: { pk }, signal });

export const useReach = (pk: number) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'reach'],
    queryFn: ({ signal }) => getReach(pk, signal),
  });
