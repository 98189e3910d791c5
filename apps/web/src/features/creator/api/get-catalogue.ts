import type { CatalogueEntry } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getInterests } from '@/lib/api/get-interests';
import { request } from '@/lib/request';

/** The catalogues the creator picks from; each is a list endpoint and (but languages) a search one. */
export type Catalogue =
  'interests' | 'conversation_topics' | 'movies_tv_shows' | 'network_operators' | 'languages';

/** GET /api/external/{catalogue}/ — the whole catalogue, cached for the visit. */
export const getCatalogue = async (catalogue: Catalogue, signal?: AbortSignal): Promise<CatalogueEntry[]> => {
  switch (catalogue) {
    case 'interests':
      return getInterests(signal);
    case 'conversation_topics':
      return (await request.get('/api/external/conversation-topics/', { signal })).conversation_topics;
    case 'movies_tv_shows':
      return (await request.get('/api/external/movies-tv-shows/', { signal })).movies_tv_shows;
    case 'network_operators':
      return (await request.get('/api/external/network-operators/', { signal })).network_operators;
    case 'languages':
      return (await request.get('/api/external/languages/', { signal })).languages;
  }
};

export const getCatalogueQueryOptions = (catalogue: Catalogue) =>
  queryOptions({
    queryKey: ['catalogues', catalogue],
    queryFn: ({ signal }) => getCatalogue(catalogue, signal),
    staleTime: 10 * 60_000,
  });

export const useCatalogue = (catalogue: Catalogue) => useQuery(getCatalogueQueryOptions(catalogue));
