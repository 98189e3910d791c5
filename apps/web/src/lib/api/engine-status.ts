import type { EngineStatus } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** How often the index's freshness is asked for while a tab shows it. */
export const ENGINE_STATUS_POLL_MS = 10_000;

/** GET /api/engine/status/ — the engine's state and how far its index is behind X. */
export const getEngineStatus = (signal?: AbortSignal): Promise<EngineStatus> =>
  request.get('/api/engine/status/', { signal });

/**
 * Every 10 s while the tab is visible; TanStack Query pauses interval refetches in a hidden tab
 * (refetchIntervalInBackground stays false) and refetches on return. One query for every screen
 * that shows it, so three panels on one page poll once.
 */
export const engineStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['engine-status'],
    queryFn: ({ signal }) => getEngineStatus(signal),
    refetchInterval: ENGINE_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: ENGINE_STATUS_POLL_MS / 2,
  });

export const useEngineStatus = () => useQuery(engineStatusQueryOptions());
