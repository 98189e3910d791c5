import type { HelpKind } from '@murmur/core/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AppLanguage } from '@/lib/i18n';
import { request } from '@/lib/request';

/** GET /api/help/articles/ — the articles of one kind holding every word of `q`, in a language. */
export const getHelpArticles = (kind: HelpKind, q: string, language: AppLanguage, signal?: AbortSignal) =>
  request.get('/api/help/articles/', { query: { kind, language, ...(q && { q }) }, signal });

export const getHelpArticlesQueryOptions = (kind: HelpKind, q: string, language: AppLanguage) =>
  queryOptions({
    queryKey: ['help', 'articles', kind, language, q],
    queryFn: ({ signal }) => getHelpArticles(kind, q, language, signal),
    staleTime: 60 * 60_000,
    // The list stays while the next search loads, so typing does not flash the loader.
    placeholderData: keepPreviousData,
  });

export const useHelpArticles = (kind: HelpKind, q: string, language: AppLanguage) =>
  useQuery(getHelpArticlesQueryOptions(kind, q, language));
