import type { ExploreResult } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';

/** The audience-builder family answers alike (an estimate, its package and sample accounts). */
export const useExploreMutation = <B>(call: (body: B) => Promise<ExploreResult>) =>
  useMutation({ mutationFn: call });
