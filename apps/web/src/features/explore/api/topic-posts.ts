import { useMutation } from '@tanstack/react-query';
import type { TopicPosts } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';

export interface TopicPostsQuery {
  keywords: string;
  language?: 'en' | 'ja';
  limit?: number;
}

/** POST /api/external/topic-posts/ — posts about a topic with their sentiment (English and Japanese). */
export const topicPosts = (body: TopicPostsQuery): Promise<TopicPosts> =>
  request.post<TopicPosts>('/api/external/topic-posts/', { body });

export const useTopicPosts = () => useMutation({ mutationFn: topicPosts });
