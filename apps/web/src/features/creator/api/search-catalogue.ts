import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueItem } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';
import { catalogueSearchPath, type Catalogue } from './get-catalogue';

export type SearchableCatalogue = Exclude<Catalogue, 'languages'>;

/** POST /api/external/{catalogue}/search/ {keywords} — best matches first, at most 50. */
export const searchCatalogue = async (
  catalogue: SearchableCatalogue,
  keywords: string,
  signal?: AbortSignal,
): Promise<CatalogueItem[]> => {
  const body = await request.post<Record<string, CatalogueItem[]>>(catalogueSearchPath(catalogue), {
    body: { keywords },
    signal,
  });
  return body[catalogue] ?? [];
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
