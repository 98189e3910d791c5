import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '../../../lib/api/audience-types';
import { getInterests } from '../../../lib/api/get-interests';
import { request } from '../../../lib/request';

/** The catalogues the creator picks from; each is a list endpoint and (but languages) a search one. */
export type Catalogue =
  'interests' | 'conversation_topics' | 'movies_tv_shows' | 'network_operators' | 'languages';

const PATHS: Record<Catalogue, string> = {
  interests: 'interests',
  conversation_topics: 'conversation-topics',
  movies_tv_shows: 'movies-tv-shows',
  network_operators: 'network-operators',
  languages: 'languages',
};

/** GET /api/external/{catalogue}/ — the whole catalogue, cached for the visit. */
export const getCatalogue = async (catalogue: Catalogue, signal?: AbortSignal): Promise<CatalogueItem[]> => {
  if (catalogue === 'interests') return getInterests(signal);
  const body = await request.get<Record<string, CatalogueItem[]>>(`/api/external/${PATHS[catalogue]}/`, {
    signal,
  });
  return body[catalogue] ?? [];
};

export const getCatalogueQueryOptions = (catalogue: Catalogue) =>
  queryOptions({
    queryKey: ['catalogues', catalogue],
    queryFn: ({ signal }) => getCatalogue(catalogue, signal),
    staleTime: 10 * 60_000,
  });

export const useCatalogue = (catalogue: Catalogue) => useQuery(getCatalogueQueryOptions(catalogue));

export const catalogueSearchPath = (catalogue: Exclude<Catalogue, 'languages'>): string =>
  `/api/external/${PATHS[catalogue]}/search/`;
