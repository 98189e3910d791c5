import { exploreCall, useExploreMutation } from './explore-call';

/** POST /api/external/interested-in/ {interest} — people with an interest (label or value). */
export const interestedIn = exploreCall<{ interest: string }>('/api/external/interested-in/');
export const useInterestedIn = () => useExploreMutation(interestedIn);
