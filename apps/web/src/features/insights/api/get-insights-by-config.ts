import type { StoredInsights } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/audience-insights/{pk}/by_config/ — the stored report of a saved audience, with the audience. */
export const getInsightsByConfig = async (pk: number, signal?: AbortSignal): Promise<StoredInsights> =>
  // The schema checks the report's estimate and passes the engine's panels through (a catch-all):
  // their type is @murmur/core/insights', which has no zod schema.
  (await request.get('/api/audience-insights/:pk/by_config/', { params: { pk }, signal })) as StoredInsights;

export const getInsightsByConfigQueryOptions = (configId: number) =>
  queryOptions({
    queryKey: ['audience-insights', configId],
    queryFn: ({ signal }) => getInsightsByConfig(configId, signal),
    // A 403 shows the insights screen's sign-in prompt (SPEC §6), not the redirect to login.
    meta: { handlesAuthError: true },
    // A report only changes when this screen recomputes it (and then refetches).
    staleTime: 60_000,
  });

export const useInsightsByConfig = (configId: number | null) =>
  useQuery({ ...getInsightsByConfigQueryOptions(configId ?? 0), enabled: configId !== null });
