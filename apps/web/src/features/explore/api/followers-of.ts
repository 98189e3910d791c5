import { exploreCall, useExploreMutation } from './explore-call';

/** POST /api/external/followers-of/ {handle} — the followers of an account. */
export const followersOf = exploreCall<{ handle: string }>('/api/external/followers-of/');
export const useFollowersOf = () => useExploreMutation(followersOf);
