import { queryOptions, useQuery } from '@tanstack/react-query';
import { audienceConfigsKey } from '@/lib/api/get-audience-configs';
import { request } from '@/lib/request';

/** GET /api/audience-configs/{pk}/ — one list of the caller. */
export const getList = (pk: number, signal?: AbortSignal) =>
  request.get('/api/audience-configs/:pk/', { params: { pk }, signal });

export const listQueryOptions = (pk: number) =>
  queryOptions({
    queryKey: [...audienceConfigsKey, 'pro-list', pk],
    queryFn: ({ signal }) => getList(pk, signal),
  });

export const useList = (pk: number | null) =>
  useQuery({ ...listQueryOptions(pk ?? 0), enabled: pk !== null });
