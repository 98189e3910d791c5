import type { InsightsReport, JobOf } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/generate-insights/ — starts (or joins) the insights job of a package. */
export const generateInsights = async (targetingPackage: TargetingPackage): Promise<JobOf<InsightsReport>> =>
  // The job schema leaves `result` open (one schema for every job kind); this route's job makes a report.
  (await request.post('/api/external/generate-insights/', { body: { targeting_package: targetingPackage } }))
    .job as JobOf<InsightsReport>;

export const useGenerateInsights = () => useMutation({ mutationFn: generateInsights });
