import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppLanguage } from '@/lib/i18n';
import { request } from '@/lib/request';

/** GET /api/helper-documents/ — the helper documents in a language (SPEC §7). */
export const getHelperDocuments = (language: AppLanguage, signal?: AbortSignal) =>
  request.get('/api/helper-documents/', { query: { language }, signal });

export const getHelperDocumentsQueryOptions = (language: AppLanguage) =>
  queryOptions({
    queryKey: ['helper-documents', language],
    queryFn: ({ signal }) => getHelperDocuments(language, signal),
    staleTime: 60 * 60_000,
  });

export const useHelperDocuments = (language: AppLanguage) =>
  useQuery(getHelperDocumentsQueryOptions(language));
