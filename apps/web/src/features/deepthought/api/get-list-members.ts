import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dataQuery } from './deepthought-query';

/** GET /api/external/deepthought/lists/{pk}/members/ — the members of one X list. */
export const getDtListMembers = (id: number, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/lists/:pk/members/', { params: { pk: id }, signal });

export const useDtListMembers = (id: number | undefined) =>
  useQuery(dataQuery(['list', id], (signal) => getDtListMembers(id!, signal), id !== undefined));
