import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/**
 * POST /api/audience-configs/insights/ for a list: the full report is stored on it, and a targeting
 * list then has is_super_insights (SPEC §3). Answers the job to follow.
 */
export const startListInsights = async (pk: number) =>
  (await request.post('/api/audience-configs/insights/', { body: { audience_config_id: pk } })).job;

export const useStartListInsights = () => useMutation({ mutationFn: startListInsights });
