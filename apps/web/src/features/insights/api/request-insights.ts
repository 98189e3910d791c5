import type { InsightsRequest, Job } from '@murmur/core/api';
import { request } from '../../../lib/request';

/**
 * POST /api/audience-configs/insights/ — starts (or joins) a report job for a saved audience or a
 * package; 202 `{ job }`. With an audience_config_id the finished report is also stored.
 */
export const requestInsights = (body: InsightsRequest): Promise<Job> =>
  request.post<{ job: Job }>('/api/audience-configs/insights/', { body }).then((response) => response.job);
