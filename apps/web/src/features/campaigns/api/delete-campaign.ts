import { request } from '@/lib/request';
import { useInvalidating } from './campaigns-key';

/** DELETE /api/campaigns/{pk}/ */
export const deleteCampaign = (pk: number): Promise<void> =>
  request.delete('/api/campaigns/:pk/', { params: { pk } });

export const useDeleteCampaign = () => useInvalidating(deleteCampaign);
