import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** GET /api/iconography/ — the icon set of criteria and categories; asked once, kept for the session. */
export const getIconographyQueryOptions = () =>
  queryOptions({
    queryKey: ['iconography'],
    queryFn: ({ signal }) => request.get('/api/iconography/', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export const useIconography = () => useQuery(getIconographyQueryOptions());
