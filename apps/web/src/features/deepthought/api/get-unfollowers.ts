import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/unfollowers/ — who followed and unfollowed between two days. */
export const getDtChanges = (since: string | undefined, until: string | undefined, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/unfollowers/', { query: { since, until }, signal });

export const useDtChanges = (since: string | undefined, until: string | undefined) =>
  useDtData(dataQuery(['changes', since, until], (signal) => getDtChanges(since, until, signal)));
