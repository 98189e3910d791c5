import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/best-post-time/?tz= — the hours its posts do best, in the viewer's zone. */
export const getDtBestTime = (tz: string, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/best-post-time/', { query: { tz }, signal });

export const useDtBestTime = (tz: string, enabled = true) =>
  useDtData(dataQuery(['best-time', tz], (signal) => getDtBestTime(tz, signal), enabled));
