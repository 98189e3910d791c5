import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';

/** GET /api/external/deepthought/posts/{id}/ — one post with its engagement. */
export const getDtPost = (id: string, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/posts/:id/', { params: { id }, signal });

export const useDtPost = (id: string) => useQuery(dataQuery(['post', id], (signal) => getDtPost(id, signal)));
