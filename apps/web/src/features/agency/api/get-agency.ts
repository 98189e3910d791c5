import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/agency/ — the caller's teams with their accounts, audiences, uploads and campaigns. */
export const getAgency = (signal?: AbortSignal) => request.get('/api/agency/', { signal });

export const getAgencyQueryOptions = () =>
  queryOptions({ queryKey: ['agency'], queryFn: ({ signal }) => getAgency(signal) });

export const useAgency = () => useQuery(getAgencyQueryOptions());
