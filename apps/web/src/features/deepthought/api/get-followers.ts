import type { ApiRoutes } from '@murmur/core/api';
import { request } from '@/lib/request';

/** A page of followers or followings: the query both lists take (the route's own type). */
export type UsersQuery = NonNullable<ApiRoutes['GET /api/external/deepthought/followers/']['query']>;

/** GET /api/external/deepthought/followers/ — a page of the account's followers. */
export const getDtFollowers = (query: UsersQuery, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/followers/', { query, signal });
