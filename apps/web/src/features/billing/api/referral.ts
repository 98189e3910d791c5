import type { ApplyReferral, Referral } from '@murmur/core/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/external/deepthought/referral/ — the user's code and the credits it earned. */
export const getReferral = (signal?: AbortSignal): Promise<Referral> =>
  request.get('/api/external/deepthought/referral/', { signal });

export const getReferralQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'referral'], queryFn: ({ signal }) => getReferral(signal) });

export const useReferral = (enabled: boolean) => useQuery({ ...getReferralQueryOptions(), enabled });

/** POST /api/external/deepthought/referral/ — apply someone's code (before the first paid invoice). */
export const applyReferral = (body: ApplyReferral): Promise<Referral> =>
  request.post('/api/external/deepthought/referral/', { body });

export const useApplyReferral = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyReferral,
    onSuccess: (referral) => queryClient.setQueryData(getReferralQueryOptions().queryKey, referral),
  });
};
