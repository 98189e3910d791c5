import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationItem } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';

/** GET /api/external/locations/?q=&type= — regions, metros and cities by name. */
export const getLocations = async (
  q: string,
  type: LocationItem['type'],
  signal?: AbortSignal,
): Promise<LocationItem[]> =>
  (
    await request.get<{ locations: LocationItem[] }>('/api/external/locations/', {
      query: { q, type },
      signal,
    })
  ).locations;

export const getLocationsQueryOptions = (q: string, type: LocationItem['type']) =>
  queryOptions({
    queryKey: ['catalogues', 'locations', type, q.toLowerCase()],
    queryFn: ({ signal }) => getLocations(q, type, signal),
    staleTime: 5 * 60_000,
  });

export const useLocations = (q: string, type: LocationItem['type']) =>
  useQuery({
    ...getLocationsQueryOptions(q, type),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
