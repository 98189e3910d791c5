import type { User } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { analytics } from '../analytics';
import { readCookie } from '../cookies';
import { setReportedUser } from '../error-reporting';
import { personalStore } from '../personal-store';
import { apiRootFor, request } from '../request';

/**
 * Signed out for certain, without asking: a browser session always comes with the readable
 * `csrftoken` cookie (the server sets and clears both together), and there is no personal token.
 * Asking would only earn the expected 403, which the browser logs as a console error on every
 * signed-out first load. Holds only when the API is on the page's own origin (its cookies are ours).
 */
export const surelySignedOut = (
  cookies: string = document.cookie,
  hostname: string = window.location.hostname,
): boolean =>
  apiRootFor(hostname) === '' && readCookie('csrftoken', cookies) === null && !personalStore.get().token;

/**
 * GET /api/user/me/ — the signed-in user, or null when signed out (SPEC §8: a 403 on user load means
 * signed out and is a silent reset, not an error). Shared by every feature, hence it lives in lib.
 */
const fetchMe = async (signal?: AbortSignal): Promise<User | null> => {
  if (surelySignedOut()) return null;
  try {
    return await request.get('/api/user/me/', { signal });
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 403 || error.status === 401))) throw error;
    return null;
  }
};

export const getMe = async (signal?: AbortSignal): Promise<User | null> => {
  const user = await fetchMe(signal);
  // SPEC §1: error reports and analytics name the signed-in user by id only (no-ops when off).
  setReportedUser(user?.id ?? null);
  if (user !== null) analytics.identify(user.id, { language: user.language });
  return user;
};

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

export const useMe = () => useQuery(getMeQueryOptions());
