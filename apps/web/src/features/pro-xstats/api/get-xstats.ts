import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/external/xstats/ — the network's usage figures, or one country's (ISO code). */
export const getXstats = (country: string | undefined, signal?: AbortSignal) =>
  request.get('/api/external/xstats/', { query: country === undefined ? {} : { country }, signal });

export const xstatsQueryOptions = (country: string | undefined) =>
  queryOptions({
    queryKey: ['pro-xstats', country ?? 'all'],
    queryFn: ({ signal }) => getXstats(country, signal),
    staleTime: 10 * 60_000,
  });

export const useXstats = (country: string | undefined) => useQuery(xstatsQueryOptions(country));
