import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';
import type { CatalogueItem } from './audience-types';

/** GET /api/external/interests/ — the interests catalogue with sizes (creator and Interests screen). */
export const getInterests = async (signal?: AbortSignal): Promise<CatalogueItem[]> =>
  (await request.get<{ interests: CatalogueItem[] }>('/api/external/interests/', { signal })).interests;

export const getInterestsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogues', 'interests'],
    queryFn: ({ signal }) => getInterests(signal),
    // Catalogues change with the network, not within a visit.
    staleTime: 10 * 60_000,
  });

export const useInterests = () => useQuery(getInterestsQueryOptions());
