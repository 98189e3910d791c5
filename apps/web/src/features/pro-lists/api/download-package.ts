import type { TargetingPackage } from '@murmur/core/targeting';
import { request } from '@/lib/request';

/** GET /api/external/audience-configs/{pk}/targeting-package/ — the list's targeting package. */
export const getTargetingPackage = (pk: number): Promise<TargetingPackage> =>
  request.get('/api/external/audience-configs/:pk/targeting-package/', { params: { pk } });
