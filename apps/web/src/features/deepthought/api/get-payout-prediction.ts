import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';

/** GET /api/external/deepthought/payout-prediction/ — the predicted creator payout. */
export const getDtPayout = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/payout-prediction/', { signal });

export const useDtPayout = (enabled = true) =>
  useQuery(dataQuery(['payout'], (signal) => getDtPayout(signal), enabled));
