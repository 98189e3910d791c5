import type { ExploreResult } from '@murmur/core/api';
import { request, type BodyOf } from '@/lib/request';
import { useExploreMutation } from './explore-call';

/** POST /api/external/followers-of/ {handle} — the followers of an account. */
export const followersOf = (body: BodyOf<'POST', '/api/external/followers-of/'>): Promise<ExploreResult> =>
  request.post('/api/external/followers-of/', { body });
export const useFollowersOf = () => useExploreMutation(followersOf);
