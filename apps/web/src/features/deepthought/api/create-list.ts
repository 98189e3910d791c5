import type { SaveXList } from '@murmur/core/api';
import { request } from '@/lib/request';
import { useListMutation } from './list-mutation';

/** POST /api/user/lists/ — a new X list. */
export const createDtList = (body: SaveXList) => request.post('/api/user/lists/', { body });

export const useCreateList = () => useListMutation(createDtList);
