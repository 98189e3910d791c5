import type { Ad } from '@murmur/core/api';
import { request, type BodyOf } from '@/lib/request';
import { useInvalidating } from './campaigns-key';

// The body as the server's route schema takes it (core's z.input types leave coerced numbers unknown).
type CreateAd = BodyOf<'POST', '/api/campaigns/:pk/ads/'>;

/** POST /api/campaigns/{pk}/ads/ — an ad of a campaign. */
export const createAd = ({ campaignId, ad }: { campaignId: number; ad: CreateAd }): Promise<Ad> =>
  request.post('/api/campaigns/:pk/ads/', { params: { pk: campaignId }, body: ad });

export const useCreateAd = () => useInvalidating(createAd);
