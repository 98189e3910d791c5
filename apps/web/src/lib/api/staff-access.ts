import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/**
 * GET /api/staff/access/ — whether the signed-in user is internal staff (SPEC §6: an address on the
 * provider's domain). The dashboard's staff screen and the pro site's staff panel both ask it; on the
 * pro site the answer is about the pro-targeting token's user, so `token` keys it there.
 */
export const staffAccessQueryOptions = (token?: string | null) =>
  queryOptions({
    queryKey: token === undefined ? ['staff-access'] : ['staff-access', token],
    queryFn: ({ signal }) => request.get('/api/staff/access/', { signal }),
    staleTime: 5 * 60_000,
  });

/** The dashboard's: the session's user. The pro site passes its token (null: nobody, nothing asked). */
export const useStaffAccess = (token?: string | null) =>
  useQuery({ ...staffAccessQueryOptions(token), enabled: token !== null });
