import { request } from '@/lib/request';
import { useListMutation } from './list-mutation';

/** DELETE /api/user/lists/{pk}/ */
export const deleteDtList = (id: number) => request.delete('/api/user/lists/:pk/', { params: { pk: id } });

export const useDeleteList = () => useListMutation(deleteDtList);
