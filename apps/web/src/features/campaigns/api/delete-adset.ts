import { request } from '@/lib/request';
import { useInvalidating } from './campaigns-key';

/** DELETE /api/adsets/{pk}/ */
export const deleteAdset = (pk: number): Promise<void> =>
  request.delete('/api/adsets/:pk/', { params: { pk } });

export const useDeleteAdset = () => useInvalidating(deleteAdset);
