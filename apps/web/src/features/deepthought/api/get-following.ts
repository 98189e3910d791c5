import { request } from '@/lib/request';
import type { UsersQuery } from './get-followers';

/** GET /api/external/deepthought/following/ — a page of the accounts the account follows. */
export const getDtFollowing = (query: UsersQuery, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/following/', { query, signal });
