import type { CatalogueEntry } from '@murmur/core/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import type { Catalogue } from './get-catalogue';

export type SearchableCatalogue = Exclude<Catalogue, 'languages'>;

/** POST /api/external/{catalogue}/search/ {keywords} — best matches first, at most 50. */
export const searchCatalogue = async (
  catalogue: SearchableCatalogue,
  keywords: string,
  signal?: AbortSignal,
): Promise<CatalogueEntry[]> => {
  const options = { body: { keywords }, signal };
  switch (catalogue) {
    case 'interests':
      return (await request.post('/api/external/interests/search/', options)).interests;
    case 'conversation_topics':
      return (await request.post('/api/external/conversation-topics/search/', options)).conversation_topics;
    case 'movies_tv_shows':
      return (await request.post('/api/external/movies-tv-shows/search/', options)).movies_tv_shows;
    case 'network_operators':
      return (await request.post('/api/external/network-operators/search/', options)).network_operators;
  }
};

export const searchCatalogueQueryOptions = (catalogue: SearchableCatalogue, keywords: string) =>
  queryOptions({
    queryKey: ['catalogues', catalogue, 'search', keywords.toLowerCase()],
    queryFn: ({ signal }) => searchCatalogue(catalogue, keywords, signal),
    staleTime: 5 * 60_000,
  });

export const useSearchCatalogue = (catalogue: SearchableCatalogue, keywords: string) =>
  useQuery({
    ...searchCatalogueQueryOptions(catalogue, keywords),
    enabled: keywords.trim() !== '',
    placeholderData: keepPreviousData,
  });
