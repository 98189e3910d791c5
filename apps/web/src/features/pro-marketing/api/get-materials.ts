import type { ContentType } from '@murmur/core/targeting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { config } from '@/lib/config';
import { request } from '@/lib/request';

/** GET /api/external/marketing-materials/ — the materials of one content type (SPEC §3), in a language. */
export const getMaterials = (
  contentType: ContentType | undefined,
  language: 'en' | 'ja',
  signal?: AbortSignal,
) =>
  request.get('/api/external/marketing-materials/', {
    query: { language, ...(contentType && { content_type: contentType }) },
    signal,
  });

export const materialsQueryOptions = (contentType: ContentType | undefined, language: 'en' | 'ja') =>
  queryOptions({
    queryKey: ['pro-marketing', 'materials', contentType ?? 'all', language],
    queryFn: ({ signal }) => getMaterials(contentType, language, signal),
    staleTime: 60 * 60_000,
  });

export const useMaterials = (contentType: ContentType | undefined, language: 'en' | 'ja') =>
  useQuery(materialsQueryOptions(contentType, language));

/** A material's PDF: a file the browser downloads from a link (the server's download_url). */
export const materialHref = (downloadUrl: string): string => `${config.apiRoot}${downloadUrl}`;
