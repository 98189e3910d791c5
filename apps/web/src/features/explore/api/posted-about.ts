import { exploreCall, useExploreMutation } from './explore-call';

/** POST /api/external/posted-about/ {keywords} — people who posted about something. */
export const postedAbout = exploreCall<{ keywords: string }>('/api/external/posted-about/');
export const usePostedAbout = () => useExploreMutation(postedAbout);
