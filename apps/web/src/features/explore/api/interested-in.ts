import type { ExploreResult } from '@murmur/core/api';
import { request, type BodyOf } from '@/lib/request';
import { useExploreMutation } from './explore-call';

/** POST /api/external/interested-in/ {interest} — people with an interest (label or value). */
export const interestedIn = (body: BodyOf<'POST', '/api/external/interested-in/'>): Promise<ExploreResult> =>
  request.post('/api/external/interested-in/', { body });
export const useInterestedIn = () => useExploreMutation(interestedIn);
