import type { ApiRoutes } from '@murmur/core/api';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

export type PostsQuery = NonNullable<ApiRoutes['GET /api/external/deepthought/posts/']['query']>;

/** GET /api/external/deepthought/posts/ — a page of the account's posts with their metrics. */
export const getDtPosts = (query: PostsQuery, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/posts/', { query, signal });

export const useDtPosts = (query: PostsQuery) =>
  useDtData(dataQuery(['posts', query], (signal) => getDtPosts(query, signal)));
