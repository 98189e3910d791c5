import type { InsightsReport, InsightsRequest, JobOf } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '../request';

/**
 * POST /api/audience-configs/insights/ — starts (or joins) a report job for a saved audience or a
 * package; 202 `{ job }`. With an audience_config_id the finished report is also stored (for a
 * targeting list it then has is_super_insights, SPEC §3).
 */
export const requestInsights = async (body: InsightsRequest): Promise<JobOf<InsightsReport>> =>
  // The job schema leaves `result` open (one schema for every job kind); this route's job makes a report.
  (await request.post('/api/audience-configs/insights/', { body })).job as JobOf<InsightsReport>;

/** The full report of a saved list, stored on it; answers the job to follow. */
export const useStartListInsights = () =>
  useMutation({ mutationFn: (pk: number) => requestInsights({ audience_config_id: pk }) });
