import type { Adset } from '@murmur/core/api';
import { request, type BodyOf } from '@/lib/request';
import { useInvalidating } from './campaigns-key';

// The body as the server's route schema takes it (core's z.input types leave coerced numbers unknown).
type CreateAdset = BodyOf<'POST', '/api/adsets/'>;

/** POST /api/adsets/ — an ad set of a draft campaign. */
export const createAdset = (body: CreateAdset): Promise<Adset> => request.post('/api/adsets/', { body });

export const useCreateAdset = () => useInvalidating(createAdset);
