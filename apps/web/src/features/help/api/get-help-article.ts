import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppLanguage } from '@/lib/i18n';
import { request } from '@/lib/request';

/** GET /api/help/articles/{id}/ — one article with its sections. */
export const getHelpArticle = (id: string, language: AppLanguage, signal?: AbortSignal) =>
  request.get('/api/help/articles/:id/', { params: { id }, query: { language }, signal });

export const getHelpArticleQueryOptions = (id: string, language: AppLanguage) =>
  queryOptions({
    queryKey: ['help', 'article', id, language],
    queryFn: ({ signal }) => getHelpArticle(id, language, signal),
    staleTime: 60 * 60_000,
  });

export const useHelpArticle = (id: string | null, language: AppLanguage) =>
  useQuery({ ...getHelpArticleQueryOptions(id ?? '', language), enabled: id !== null });
