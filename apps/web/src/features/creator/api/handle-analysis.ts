import type { HandleAnalysis } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/handle-analysis/ — an account's followers: size, demographics, interests, hashtags. */
export const analyseHandle = (handle: string): Promise<HandleAnalysis> =>
  request.post('/api/external/handle-analysis/', { body: { handle } });

export const useHandleAnalysis = () => useMutation({ mutationFn: analyseHandle });
