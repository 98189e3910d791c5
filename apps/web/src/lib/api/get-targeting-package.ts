import type { TargetingPackage } from '@murmur/core/targeting';
import { request } from '../request';

/** GET /api/external/audience-configs/{pk}/targeting-package/ — the package as the server stores it. */
export const getTargetingPackage = (pk: number): Promise<TargetingPackage> =>
  request.get('/api/external/audience-configs/:pk/targeting-package/', { params: { pk } });
