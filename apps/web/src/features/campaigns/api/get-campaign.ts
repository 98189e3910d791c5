import type { Campaign } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { campaignsKey } from './campaigns-key';

/** GET /api/campaigns/{pk}/ */
export const getCampaign = (pk: number, signal?: AbortSignal): Promise<Campaign> =>
  request.get('/api/campaigns/:pk/', { params: { pk }, signal });
export const campaignQueryOptions = (pk: number) =>
  queryOptions({ queryKey: [...campaignsKey, pk], queryFn: ({ signal }) => getCampaign(pk, signal) });
export const useCampaign = (pk: number | null) =>
  useQuery({ ...campaignQueryOptions(pk ?? 0), enabled: pk !== null });
