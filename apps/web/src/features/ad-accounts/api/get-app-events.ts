import type { AppEvents } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/app-events/ — the mobile app conversion events, read on X through the team's grant. */
export const getAppEvents = (team: string, accountId: string, signal?: AbortSignal): Promise<AppEvents> =>
  request.get('/api/app-events/', { query: { team, account_id: accountId }, signal });
export const getAppEventsQueryOptions = (team: string, accountId: string) =>
  queryOptions({
    queryKey: ['ad-accounts', accountId, 'app-events', team],
    queryFn: ({ signal }) => getAppEvents(team, accountId, signal),
  });
/** Read on X through the team's grant: asked once the account is known to be granted (`enabled`). */
export const useAppEvents = (team: string, accountId: string, enabled: boolean) =>
  useQuery({ ...getAppEventsQueryOptions(team, accountId), enabled });
