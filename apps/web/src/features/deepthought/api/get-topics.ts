import { request } from '@/lib/request';

/** GET /api/external/deepthought/topics/ — the topics of the account's posts. */
export const getDtTopics = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/topics/', { signal });
