import { request } from '@/lib/request';

/** GET /api/external/deepthought/following-topics/ — the topics of the accounts it follows. */
export const getDtFollowingTopics = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/following-topics/', { signal });
