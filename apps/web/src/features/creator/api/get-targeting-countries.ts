import type { TargetingCountry } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { targetingRequest } from '@/lib/request';

/**
 * GET /api/targeting-countries/ — the SPEC §4 country list (the DPRK listed, unselectable), from the
 * targeting service's root with its fixed token (SPEC §7 second API root).
 */
export const getTargetingCountries = async (signal?: AbortSignal): Promise<TargetingCountry[]> =>
  (await targetingRequest.get('/api/targeting-countries/', { signal })).countries;

/** SPEC §4: the country list is fetched once and cached for the rest of the session. */
export const getTargetingCountriesQueryOptions = () =>
  queryOptions({
    queryKey: ['targeting-countries'],
    queryFn: ({ signal }) => getTargetingCountries(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useTargetingCountries = () => useQuery(getTargetingCountriesQueryOptions());
