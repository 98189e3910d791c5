import type { CheckoutBody, CheckoutResponse } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/customer/subscriptions/checkout/ — a hosted checkout page for a team plan (admins). */
export const createCheckout = (body: CheckoutBody): Promise<CheckoutResponse> =>
  request.post('/api/customer/subscriptions/checkout/', { body });

export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
