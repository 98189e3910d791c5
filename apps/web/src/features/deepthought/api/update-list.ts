import type { PatchXList } from '@murmur/core/api';
import { request } from '@/lib/request';
import { useListMutation } from './list-mutation';

/** PATCH /api/external/deepthought/lists/{pk}/ — an X list's name, description or privacy. */
export const updateDtList = ({ listId, changes }: { listId: number; changes: PatchXList }) =>
  request.patch('/api/external/deepthought/lists/:pk/', { params: { pk: listId }, body: changes });

export const useUpdateList = () => useListMutation(updateDtList);
