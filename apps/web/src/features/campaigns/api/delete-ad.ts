import { request } from '@/lib/request';
import { useInvalidating } from './campaigns-key';

/** DELETE /api/ads/{pk}/ */
export const deleteAd = (pk: number): Promise<void> => request.delete('/api/ads/:pk/', { params: { pk } });

export const useDeleteAd = () => useInvalidating(deleteAd);
