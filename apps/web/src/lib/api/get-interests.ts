import type { CatalogueEntry } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** GET /api/external/interests/ — the interests catalogue with sizes (creator and Interests screen). */
export const getInterests = async (signal?: AbortSignal): Promise<CatalogueEntry[]> =>
  (await request.get('/api/external/interests/', { signal })).interests;

export const getInterestsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogues', 'interests'],
    queryFn: ({ signal }) => getInterests(signal),
    // Catalogues change with the network, not within a visit.
    staleTime: 10 * 60_000,
  });

export const useInterests = () => useQuery(getInterestsQueryOptions());
