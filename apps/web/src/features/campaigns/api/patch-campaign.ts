import type { Campaign } from '@murmur/core/api';
import { request, type BodyOf } from '@/lib/request';
import { useInvalidating } from './campaigns-key';

// The body as the server's route schema takes it (core's z.input types leave coerced numbers unknown).
type PatchCampaign = BodyOf<'PATCH', '/api/campaigns/:pk/'>;

/** PATCH /api/campaigns/{pk}/ — settings of a draft, or status (Active publishes to X). */
export const patchCampaign = ({
  campaignId,
  changes,
}: {
  campaignId: number;
  changes: PatchCampaign;
}): Promise<Campaign> => request.patch('/api/campaigns/:pk/', { params: { pk: campaignId }, body: changes });

export const usePatchCampaign = () => useInvalidating(patchCampaign);
