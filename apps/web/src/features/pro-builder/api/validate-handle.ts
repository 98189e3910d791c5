import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/validate-handle/ — whether a "followers of" handle exists on the network. */
export const validateHandle = (handle: string, signal?: AbortSignal) =>
  request.post('/api/external/validate-handle/', { body: { handle }, signal });

export const validateHandleQueryOptions = (handle: string) =>
  queryOptions({
    queryKey: ['pro-builder', 'validate-handle', handle.toLowerCase()],
    queryFn: ({ signal }) => validateHandle(handle, signal),
    staleTime: 10 * 60_000,
  });
