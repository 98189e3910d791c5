import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { deepThoughtKey, noRetryOnGate } from './deepthought-query';

/** GET /api/external/deepthought/status/ — the connected account, its plan and its sync state. */
export const getDtStatus = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/status/', { signal });

export const dtStatusKey = [...deepThoughtKey, 'status'] as const;

export const useDtStatus = () =>
  useQuery({ queryKey: dtStatusKey, queryFn: ({ signal }) => getDtStatus(signal), retry: noRetryOnGate });
