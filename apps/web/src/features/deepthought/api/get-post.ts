import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/posts/{id}/ — one post with its engagement. */
export const getDtPost = (id: string, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/posts/:id/', { params: { id }, signal });

export const useDtPost = (id: string) =>
  useDtData(dataQuery(['post', id], (signal) => getDtPost(id, signal)));
