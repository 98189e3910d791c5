import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** POST /api/external/competitor-analysis/ — starts (or joins) the job comparing 1–12 accounts. */
export const startCompetitorAnalysis = async (handles: string[]) =>
  (await request.post('/api/external/competitor-analysis/', { body: { handles } })).job;

export const useStartCompetitorAnalysis = () => useMutation({ mutationFn: startCompetitorAnalysis });
