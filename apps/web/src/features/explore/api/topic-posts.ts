import type { ApiRoutes, TopicPosts } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

export type TopicPostsBody = ApiRoutes['POST /api/external/topic-posts/']['body'];

/** POST /api/external/topic-posts/ — posts about a topic with their sentiment (English and Japanese). */
export const topicPosts = (body: TopicPostsBody): Promise<TopicPosts> =>
  request.post('/api/external/topic-posts/', { body });

export const useTopicPosts = () => useMutation({ mutationFn: topicPosts });
