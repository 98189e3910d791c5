import { queryOptions, useQuery } from '@tanstack/react-query';
import { audienceConfigsKey } from '@/lib/api/get-audience-configs';
import { request } from '@/lib/request';

/** GET /api/audience-configs/{pk}/ — the saved audience a lookalike starts from (its seed). */
export const getSeedAudience = (pk: number, signal?: AbortSignal) =>
  request.get('/api/audience-configs/:pk/', { params: { pk }, signal });

export const getSeedAudienceQueryOptions = (pk: number) =>
  queryOptions({
    queryKey: [...audienceConfigsKey, 'lookalike-seed', pk],
    queryFn: ({ signal }) => getSeedAudience(pk, signal),
  });

export const useSeedAudience = (pk: number | null) =>
  useQuery({ ...getSeedAudienceQueryOptions(pk ?? 0), enabled: pk !== null });
