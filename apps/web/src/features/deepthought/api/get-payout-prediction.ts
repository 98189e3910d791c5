import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/payout-prediction/ — the predicted creator payout. */
export const getDtPayout = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/payout-prediction/', { signal });

export const useDtPayout = (enabled = true) =>
  useDtData(dataQuery(['payout'], (signal) => getDtPayout(signal), enabled));
