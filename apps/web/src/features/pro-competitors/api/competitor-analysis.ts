import type { CompetitorAnalysisResult, JobOf } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/competitor-analysis/ — starts (or joins) the job comparing 1–12 accounts. */
export const startCompetitorAnalysis = async (handles: string[]): Promise<JobOf<CompetitorAnalysisResult>> =>
  // The job schema leaves `result` open (one schema for every job kind); this route's job compares accounts.
  (await request.post('/api/external/competitor-analysis/', { body: { handles } }))
    .job as JobOf<CompetitorAnalysisResult>;

export const useStartCompetitorAnalysis = () => useMutation({ mutationFn: startCompetitorAnalysis });
