import { useMutation } from '@tanstack/react-query';
import type { ExploreResult } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';

/** The audience-builder family answers alike: an estimate, its package and sample accounts. */
export const exploreCall =
  <B>(path: string) =>
  (body: B): Promise<ExploreResult> =>
    request.post<ExploreResult>(path, { body });

export const useExploreMutation = <B>(call: (body: B) => Promise<ExploreResult>) =>
  useMutation({ mutationFn: call });
