import type {
  CheckoutResponse,
  CreatePremiumSubscription,
  Detail,
  PatchPremiumSubscription,
  PremiumSubscription,
} from '@murmur/core/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/external/deepthought/subscription/ — the user's premium subscription, plans and invoices. */
export const getPremiumSubscription = (signal?: AbortSignal): Promise<PremiumSubscription> =>
  request.get('/api/external/deepthought/subscription/', { signal });

export const getPremiumSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'premium'],
    queryFn: ({ signal }) => getPremiumSubscription(signal),
  });

/** `pollMs` asks again until the subscription is active (a checkout's webhook is on its way). */
export const usePremiumSubscription = (enabled: boolean, pollMs?: number) =>
  useQuery({
    ...getPremiumSubscriptionQueryOptions(),
    enabled,
    refetchInterval: (query) => (pollMs && !query.state.data?.active ? pollMs : false),
  });

/** POST …/subscription/create/ — a hosted checkout page for Premium. */
export const createPremiumSubscription = (body: CreatePremiumSubscription): Promise<CheckoutResponse> =>
  request.post('/api/external/deepthought/subscription/create/', { body });

export const useCreatePremiumSubscription = () => useMutation({ mutationFn: createPremiumSubscription });

/** PATCH …/subscription/ — renewal on or off. */
export const patchPremiumSubscription = (body: PatchPremiumSubscription): Promise<PremiumSubscription> =>
  request.patch('/api/external/deepthought/subscription/', { body });

/** POST …/subscription/cancel/ — ends with the paid period. */
export const cancelPremiumSubscription = (): Promise<Detail> =>
  request.post('/api/external/deepthought/subscription/cancel/', {});

export const usePatchPremiumSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchPremiumSubscription,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getPremiumSubscriptionQueryOptions().queryKey }),
  });
};

export const useCancelPremiumSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPremiumSubscription,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getPremiumSubscriptionQueryOptions().queryKey }),
  });
};
