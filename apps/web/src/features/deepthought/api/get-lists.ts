import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';

/** GET /api/external/deepthought/lists/ — the user's X lists. */
export const getDtLists = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/lists/', { signal });

export const useDtLists = () => useQuery(dataQuery(['lists'], (signal) => getDtLists(signal)));
