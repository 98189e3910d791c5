import type { TargetingCountry } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, targetingRequest } from '@/lib/request';
import { audienceHistoryQueryOptions } from './get-audience-history';

/** GET /api/targeting-countries/ — the SPEC §4 country list the engine resolves countries from. */
const getCountries = async (signal?: AbortSignal): Promise<TargetingCountry[]> =>
  (await targetingRequest.get('/api/targeting-countries/', { signal })).countries;

/** The same cache entry as the creator's country field: fetched once per session. */
export const baselineCountriesQueryOptions = () =>
  queryOptions({
    queryKey: ['targeting-countries'],
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useBaselineCountries = () => useQuery(baselineCountriesQueryOptions());

/** GET /api/audience-configs/ — the newest 100 saved audiences of the team (personal ones without one). */
const getSavedAudiences = (teamSlug: string | null, signal?: AbortSignal) =>
  request.get('/api/audience-configs/', {
    query: { ...(teamSlug === null ? {} : { team: teamSlug }), limit: 100, ordering: '-modified' },
    signal,
  });

export const baselineAudiencesQueryOptions = (teamSlug: string | null) =>
  queryOptions({
    queryKey: ['audience-configs', 'baseline-options', teamSlug],
    queryFn: ({ signal }) => getSavedAudiences(teamSlug, signal),
    staleTime: 60_000,
  });

export const useBaselineAudiences = (teamSlug: string | null) =>
  useQuery(baselineAudiencesQueryOptions(teamSlug));

/** The saved audience's history points (the history panel's cache entry); nothing for a package. */
export const useBaselinePoints = (configId: number | null) =>
  useQuery({ ...audienceHistoryQueryOptions(configId ?? 0), enabled: configId !== null });
