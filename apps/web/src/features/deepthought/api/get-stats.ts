import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';

/** GET /api/external/deepthought/stats/ — the account's totals and their history. */
export const getDtStats = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/stats/', { signal });

export const useDtStats = () => useQuery(dataQuery(['stats'], (signal) => getDtStats(signal)));
