import { request } from '@/lib/request';
import { useListMutation } from './list-mutation';

/** DELETE /api/external/deepthought/lists/{pk}/ */
export const deleteDtList = (id: number) =>
  request.delete('/api/external/deepthought/lists/:pk/', { params: { pk: id } });

export const useDeleteList = () => useListMutation(deleteDtList);
