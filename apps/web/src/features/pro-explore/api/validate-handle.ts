import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/validate-handle/ — whether the explored name is an account of the network. */
export const validateHandle = (handle: string, signal?: AbortSignal) =>
  request.post('/api/external/validate-handle/', { body: { handle }, signal });

export const validateHandleQueryOptions = (handle: string) =>
  queryOptions({
    queryKey: ['pro-explore', 'validate-handle', handle.toLowerCase()],
    queryFn: ({ signal }) => validateHandle(handle, signal),
    staleTime: 10 * 60_000,
  });

export const useValidateHandle = (handle: string | null) =>
  useQuery({ ...validateHandleQueryOptions(handle ?? ''), enabled: handle !== null });
