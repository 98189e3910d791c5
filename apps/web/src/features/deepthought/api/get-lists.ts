import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';

/** GET /api/user/lists/ — the user's X lists. */
export const getDtLists = (signal?: AbortSignal) => request.get('/api/user/lists/', { signal });

export const useDtLists = () => useQuery(dataQuery(['lists'], (signal) => getDtLists(signal)));
