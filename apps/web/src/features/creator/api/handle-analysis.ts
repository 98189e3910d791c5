import { useMutation } from '@tanstack/react-query';
import type { HandleAnalysis } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';

/** POST /api/external/handle-analysis/ — an account's followers: size, demographics, interests. */
export const analyseHandle = (handle: string): Promise<HandleAnalysis> =>
  request.post<HandleAnalysis>('/api/external/handle-analysis/', { body: { handle } });

export const useHandleAnalysis = () => useMutation({ mutationFn: analyseHandle });
