import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';

/** GET /api/external/deepthought/spam-analysis/ — the share of likely spam among followers. */
export const getDtSpam = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/spam-analysis/', { signal });

export const useDtSpam = () => useQuery(dataQuery(['spam'], (signal) => getDtSpam(signal)));
