import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/handle-analysis/ — an account, its followers' size, interests and activity. */
export const analyseHandle = (handle: string, signal?: AbortSignal) =>
  request.post('/api/external/handle-analysis/', { body: { handle }, signal });

export const handleAnalysisQueryOptions = (handle: string) =>
  queryOptions({
    queryKey: ['pro-explore', 'handle', handle.toLowerCase()],
    queryFn: ({ signal }) => analyseHandle(handle, signal),
    staleTime: 5 * 60_000,
  });

export const useHandleAnalysis = (handle: string | null) =>
  useQuery({ ...handleAnalysisQueryOptions(handle ?? ''), enabled: handle !== null });
