import type { TargetingPackage } from '@murmur/core/targeting';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** POST /api/external/generate-insights/ — starts (or joins) the insights job of a package. */
export const generateInsights = async (targetingPackage: TargetingPackage) =>
  (await request.post('/api/external/generate-insights/', { body: { targeting_package: targetingPackage } }))
    .job;

export const useGenerateInsights = () => useMutation({ mutationFn: generateInsights });
