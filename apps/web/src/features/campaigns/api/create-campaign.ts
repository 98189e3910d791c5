import type { Campaign } from '@murmur/core/api';
import { request, type BodyOf } from '@/lib/request';
import { useInvalidating } from './campaigns-key';

// The body as the server's route schema takes it (core's z.input types leave coerced numbers unknown).
type CreateCampaign = BodyOf<'POST', '/api/campaigns/'>;

/** POST /api/campaigns/ — a draft. */
export const createCampaign = (body: CreateCampaign): Promise<Campaign> =>
  request.post('/api/campaigns/', { body });

export const useCreateCampaign = () => useInvalidating(createCampaign);
