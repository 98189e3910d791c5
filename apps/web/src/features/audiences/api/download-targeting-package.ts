import type { TargetingPackage } from '@murmur/core/targeting';
import { request } from '../../../lib/request';

/** GET /api/external/audience-configs/{pk}/targeting-package/ — the package as the server stores it. */
export const getTargetingPackage = (id: number): Promise<TargetingPackage> =>
  request.get<TargetingPackage>(`/api/external/audience-configs/${id}/targeting-package/`);
