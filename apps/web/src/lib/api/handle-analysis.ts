import type { HandleAnalysis } from '@murmur/core/api';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** POST /api/external/handle-analysis/ — an account's followers: size, demographics, interests, hashtags. */
export const analyseHandle = (handle: string, signal?: AbortSignal): Promise<HandleAnalysis> =>
  request.post('/api/external/handle-analysis/', { body: { handle }, signal });

export const handleAnalysisQueryOptions = (handle: string) =>
  queryOptions({
    queryKey: ['handle-analysis', handle.toLowerCase()],
    queryFn: ({ signal }) => analyseHandle(handle, signal),
    staleTime: 5 * 60_000,
  });

/** The analysis of one handle, asked as soon as it is known; null asks nothing. */
export const useHandleAnalysis = (handle: string | null) =>
  useQuery({ ...handleAnalysisQueryOptions(handle ?? ''), enabled: handle !== null });

/** The analysis asked on demand (the creator's "analyse" button). */
export const useAnalyseHandle = () => useMutation({ mutationFn: (handle: string) => analyseHandle(handle) });
