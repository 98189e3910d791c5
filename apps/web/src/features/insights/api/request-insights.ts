import type { InsightsReport, InsightsRequest, JobOf } from '@murmur/core/api';
import { request } from '@/lib/request';

/**
 * POST /api/audience-configs/insights/ — starts (or joins) a report job for a saved audience or a
 * package; 202 `{ job }`. With an audience_config_id the finished report is also stored.
 */
export const requestInsights = async (body: InsightsRequest): Promise<JobOf<InsightsReport>> =>
  // The job schema leaves `result` open (one schema for every job kind); this route's job makes a report.
  (await request.post('/api/audience-configs/insights/', { body })).job as JobOf<InsightsReport>;
