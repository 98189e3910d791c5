import type { InsightsReport, InsightsRequest, JobOf } from '@murmur/core/api';
import { request } from '../../../lib/request';

/**
 * POST /api/audience-configs/insights/ — starts (or joins) a report job for a saved audience or a
 * package; 202 `{ job }`. With an audience_config_id the finished report is also stored.
 */
export const requestInsights = async (body: InsightsRequest): Promise<JobOf<InsightsReport>> =>
  (await request.post('/api/audience-configs/insights/', { body })).job;
