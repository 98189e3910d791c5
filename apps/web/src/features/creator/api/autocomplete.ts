import type { AutocompleteField, AutocompleteResponse } from '@murmur/core/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

export type AutocompleteResult = AutocompleteResponse['results'][number];

/** POST /api/audience-configs/autocomplete/ — handles, keywords and hashtags by prefix. */
export const autocomplete = async (
  field: AutocompleteField,
  q: string,
  signal?: AbortSignal,
): Promise<AutocompleteResult[]> =>
  (await request.post('/api/audience-configs/autocomplete/', { body: { field, q, limit: 10 }, signal }))
    .results;

export const autocompleteQueryOptions = (field: AutocompleteField, q: string) =>
  queryOptions({
    queryKey: ['autocomplete', field, q.toLowerCase()],
    queryFn: ({ signal }) => autocomplete(field, q, signal),
    staleTime: 5 * 60_000,
  });

export const useAutocomplete = (field: AutocompleteField, q: string) =>
  useQuery({
    ...autocompleteQueryOptions(field, q),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
