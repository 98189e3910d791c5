import type { SaveXList } from '@murmur/core/api';
import { request } from '@/lib/request';
import { useListMutation } from './list-mutation';

/** POST /api/external/deepthought/lists/ — a new X list. */
export const createDtList = (body: SaveXList) => request.post('/api/external/deepthought/lists/', { body });

export const useCreateList = () => useListMutation(createDtList);
