import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';
import { useDtData } from './dt-data';

/** GET /api/external/deepthought/lists/{pk}/members/ — the members of one X list. */
export const getDtListMembers = (id: number, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/lists/:pk/members/', { params: { pk: id }, signal });

export const useDtListMembers = (id: number | undefined) =>
  useDtData(dataQuery(['list', id], (signal) => getDtListMembers(id!, signal), id !== undefined));
