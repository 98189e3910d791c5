import { request } from '@/lib/request';

/** A page of followers or followings: the query both lists take. */
export interface UsersQuery {
  page: number;
  page_size: number;
  search?: string;
  sort?: 'followers' | '-followers' | 'spam' | '-spam' | 'username' | '-username';
  spam?: 'only' | 'exclude';
}

/** GET /api/external/deepthought/followers/ — a page of the account's followers. */
export const getDtFollowers = (query: UsersQuery, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/followers/', { query, signal });
