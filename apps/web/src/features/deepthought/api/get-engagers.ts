import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';

/** GET /api/external/deepthought/engagers/ — the accounts that engage most with the account. */
export const getDtEngagers = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/engagers/', { signal });

export const useDtEngagers = () => useQuery(dataQuery(['engagers'], (signal) => getDtEngagers(signal)));
