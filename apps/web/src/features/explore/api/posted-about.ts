import type { ExploreResult } from '@murmur/core/api';
import { request, type BodyOf } from '@/lib/request';
import { useExploreMutation } from './explore-call';

/** POST /api/external/posted-about/ {keywords} — people who posted about something. */
export const postedAbout = (body: BodyOf<'POST', '/api/external/posted-about/'>): Promise<ExploreResult> =>
  request.post('/api/external/posted-about/', { body });
export const usePostedAbout = () => useExploreMutation(postedAbout);
