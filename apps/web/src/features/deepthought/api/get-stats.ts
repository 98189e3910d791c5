import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/stats/ — the account's totals and their history. */
export const getDtStats = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/stats/', { signal });

export const useDtStats = () =>
  useDtData(
    dataQuery(['stats'], (signal) => getDtStats(signal)),
    'account',
  );
