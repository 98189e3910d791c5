import type { ApiRoutes, TopicPosts } from '@murmur/core/api';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../request';

export type TopicPostsBody = ApiRoutes['POST /api/external/topic-posts/']['body'];
export type TopicPostsLanguage = 'en' | 'ja';

/** POST /api/external/topic-posts/ — posts about a topic with their sentiment (English and Japanese). */
export const getTopicPosts = (body: TopicPostsBody, signal?: AbortSignal): Promise<TopicPosts> =>
  request.post('/api/external/topic-posts/', { body, signal });

/** The most engaged posts about one keyword (20, the pro explorer's page), in one language or all. */
export const topicPostsQueryOptions = (keyword: string, language: TopicPostsLanguage | undefined) =>
  queryOptions({
    queryKey: ['topic-posts', keyword.toLowerCase(), language ?? 'all'],
    queryFn: ({ signal }) =>
      getTopicPosts({ keywords: [keyword], limit: 20, ...(language && { language }) }, signal),
    staleTime: 5 * 60_000,
  });

export const useTopicPosts = (keyword: string, language: TopicPostsLanguage | undefined) =>
  useQuery({ ...topicPostsQueryOptions(keyword, language), enabled: keyword !== '' });

/** The posts asked on demand with any body (the explorer's search form). */
export const useSearchTopicPosts = () =>
  useMutation({ mutationFn: (body: TopicPostsBody) => getTopicPosts(body) });
