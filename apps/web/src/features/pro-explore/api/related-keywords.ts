import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/related-keywords/ — terms used with a keyword, by lift. */
export const getRelatedKeywords = (keyword: string, signal?: AbortSignal) =>
  request.post('/api/external/related-keywords/', { body: { keyword }, signal });

export const relatedKeywordsQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: ['pro-explore', 'related', keyword.toLowerCase()],
    queryFn: ({ signal }) => getRelatedKeywords(keyword, signal),
    staleTime: 5 * 60_000,
  });

export const useRelatedKeywords = (keyword: string) =>
  useQuery({ ...relatedKeywordsQueryOptions(keyword), enabled: keyword !== '' });
