import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/xstats/?country= — the network's statistics, in one country or all. */
export const getDtXStats = (country: string | undefined, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/xstats/', { query: { country }, signal });

export const useDtXStats = (country: string | undefined) =>
  useDtData(dataQuery(['xstats', country], (signal) => getDtXStats(country, signal)));
