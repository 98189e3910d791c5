import type { User } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/external/standalone-me/standalone_me/ — the personal-token user, or null when signed out. */
export const getStandaloneMe = async (signal?: AbortSignal): Promise<User | null> => {
  try {
    return await request.get('/api/external/standalone-me/standalone_me/', { signal });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return null;
    throw error;
  }
};

export const getStandaloneMeQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['standalone-me', token],
    queryFn: ({ signal }) => getStandaloneMe(signal),
    enabled: token !== null,
  });

export const useStandaloneMe = (token: string | null) => useQuery(getStandaloneMeQueryOptions(token));
