import type { ExploreResult } from '@murmur/core/api';
import { request, type BodyOf } from '@/lib/request';
import { useExploreMutation } from './explore-call';

/** POST /api/external/words-in-profile/ {words} — people whose bio has these words. */
export const wordsInProfile = (
  body: BodyOf<'POST', '/api/external/words-in-profile/'>,
): Promise<ExploreResult> => request.post('/api/external/words-in-profile/', { body });
export const useWordsInProfile = () => useExploreMutation(wordsInProfile);
