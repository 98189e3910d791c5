import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/engagers/ — the accounts that engage most with the account. */
export const getDtEngagers = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/engagers/', { signal });

export const useDtEngagers = () => useDtData(dataQuery(['engagers'], (signal) => getDtEngagers(signal)));
