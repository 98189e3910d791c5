import type { PatchXList } from '@murmur/core/api';
import { request } from '@/lib/request';
import { useListMutation } from './list-mutation';

/** PATCH /api/user/lists/{pk}/ — an X list's name, description or privacy. */
export const updateDtList = ({ id, body }: { id: number; body: PatchXList }) =>
  request.patch('/api/user/lists/:pk/', { params: { pk: id }, body });

export const useUpdateList = () => useListMutation(updateDtList);
