import type { TargetingPackage } from '@murmur/core/targeting';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/suggest-interests/ — interests over-represented in the audience. */
export const suggestInterests = (targetingPackage: TargetingPackage) =>
  request.post('/api/external/suggest-interests/', { body: { targeting_package: targetingPackage } });

export const useSuggestInterests = () => useMutation({ mutationFn: suggestInterests });
