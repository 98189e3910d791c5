import type { User } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { analytics } from '../analytics';
import { setReportedUser } from '../error-reporting';
import { request } from '../request';

/**
 * GET /api/user/me/ — the signed-in user, or null when signed out (SPEC §8: a 403 on user load means
 * signed out and is a silent reset, not an error). Shared by every feature, hence it lives in lib.
 */
export const getMe = async (signal?: AbortSignal): Promise<User | null> => {
  let user: User | null;
  try {
    user = await request.get('/api/user/me/', { signal });
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 403 || error.status === 401))) throw error;
    user = null;
  }
  // SPEC §1: error reports and analytics name the signed-in user by id only (no-ops when off).
  setReportedUser(user?.id ?? null);
  if (user !== null) analytics.identify(user.id, { language: user.language });
  return user;
};

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

export const useMe = () => useQuery(getMeQueryOptions());
