import type { PlansResponse } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/customer/subscriptions/plans/ — every plan with its EUR and JPY prices (public). */
export const getPlans = (signal?: AbortSignal): Promise<PlansResponse> =>
  request.get('/api/customer/subscriptions/plans/', { signal });

export const getPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'plans'],
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 300_000,
  });

export const usePlans = () => useQuery(getPlansQueryOptions());
