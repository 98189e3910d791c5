import type { WebEvents } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/web-events/ — the website tag's conversion events (web events), read on X. */
export const getWebEvents = (team: string, accountId: string, signal?: AbortSignal): Promise<WebEvents> =>
  request.get('/api/web-events/', { query: { team, account_id: accountId }, signal });
export const getWebEventsQueryOptions = (team: string, accountId: string) =>
  queryOptions({
    queryKey: ['ad-accounts', accountId, 'web-events', team],
    queryFn: ({ signal }) => getWebEvents(team, accountId, signal),
  });
/** Read on X through the team's grant: asked once the account is known to be granted (`enabled`). */
export const useWebEvents = (team: string, accountId: string, enabled: boolean) =>
  useQuery({ ...getWebEventsQueryOptions(team, accountId), enabled });
