import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/topic-posts/ — the most engaged posts about a topic, with their sentiment. */
export const getTopicPosts = (keyword: string, language: 'en' | 'ja' | undefined, signal?: AbortSignal) =>
  request.post('/api/external/topic-posts/', {
    body: { keywords: [keyword], limit: 20, ...(language && { language }) },
    signal,
  });

export const topicPostsQueryOptions = (keyword: string, language: 'en' | 'ja' | undefined) =>
  queryOptions({
    queryKey: ['pro-explore', 'topic-posts', keyword.toLowerCase(), language ?? 'all'],
    queryFn: ({ signal }) => getTopicPosts(keyword, language, signal),
    staleTime: 5 * 60_000,
  });

export const useTopicPosts = (keyword: string, language: 'en' | 'ja' | undefined) =>
  useQuery({ ...topicPostsQueryOptions(keyword, language), enabled: keyword !== '' });
