import type { ValidateHandleResult } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** POST /api/external/validate-handle/ — whether a handle exists on the network, with its account. */
export const validateHandle = (handle: string, signal?: AbortSignal): Promise<ValidateHandleResult> =>
  request.post('/api/external/validate-handle/', { body: { handle }, signal });

// Handles are case-insensitive on X: one cache entry per handle whatever its spelling.
export const validateHandleQueryOptions = (handle: string) =>
  queryOptions({
    queryKey: ['validate-handle', handle.toLowerCase()],
    queryFn: ({ signal }) => validateHandle(handle, signal),
    staleTime: 10 * 60_000,
  });

/** The check of one handle; null asks nothing (no handle typed yet). */
export const useValidateHandle = (handle: string | null) =>
  useQuery({ ...validateHandleQueryOptions(handle ?? ''), enabled: handle !== null });
