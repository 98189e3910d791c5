import type { Location, LocationType } from '@murmur/core/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/external/locations/?q=&type= — regions, metros and cities by name. */
export const getLocations = async (
  q: string,
  type: LocationType,
  signal?: AbortSignal,
): Promise<Location[]> =>
  (await request.get('/api/external/locations/', { query: { q, type }, signal })).locations;

export const getLocationsQueryOptions = (q: string, type: LocationType) =>
  queryOptions({
    queryKey: ['catalogues', 'locations', type, q.toLowerCase()],
    queryFn: ({ signal }) => getLocations(q, type, signal),
    staleTime: 5 * 60_000,
  });

export const useLocations = (q: string, type: LocationType) =>
  useQuery({
    ...getLocationsQueryOptions(q, type),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
