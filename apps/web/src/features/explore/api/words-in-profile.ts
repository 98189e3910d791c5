import { exploreCall, useExploreMutation } from './explore-call';

/** POST /api/external/words-in-profile/ {words} — people whose bio has these words. */
export const wordsInProfile = exploreCall<{ words: string }>('/api/external/words-in-profile/');
export const useWordsInProfile = () => useExploreMutation(wordsInProfile);
