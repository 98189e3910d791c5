import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/spam-analysis/ — the share of likely spam among followers. */
export const getDtSpam = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/spam-analysis/', { signal });

export const useDtSpam = () => useDtData(dataQuery(['spam'], (signal) => getDtSpam(signal)));
