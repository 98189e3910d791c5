import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/lists/ — the user's X lists. */
export const getDtLists = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/lists/', { signal });

export const useDtLists = () => useDtData(dataQuery(['lists'], (signal) => getDtLists(signal)));
