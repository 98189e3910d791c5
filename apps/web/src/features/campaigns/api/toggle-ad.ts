import type { Ad } from '@murmur/core/api';
import { request } from '@/lib/request';
import { useInvalidating } from './campaigns-key';

/** POST /api/ads/{pk}/toggle/ — pause or resume an ad on X. */
export const toggleAd = (pk: number): Promise<Ad> => request.post('/api/ads/:pk/toggle/', { params: { pk } });

export const useToggleAd = () => useInvalidating(toggleAd);
