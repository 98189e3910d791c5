import type { ActivityKind } from '@murmur/core/api';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

const PAGE = 25;

/** GET /api/teams/{slug}/events/ — the team's activity feed, newest first, a page at a time. */
export const getTeamEvents = (
  slug: string,
  kind: ActivityKind | null,
  offset: number,
  signal?: AbortSignal,
) =>
  request.get('/api/teams/:slug/events/', {
    params: { slug },
    query: { limit: PAGE, offset, ...(kind && { kind }) },
    signal,
  });

export const getTeamEventsQueryOptions = (slug: string, kind: ActivityKind | null) =>
  infiniteQueryOptions({
    queryKey: ['team-events', slug, kind ?? 'all'],
    queryFn: ({ pageParam, signal }) => getTeamEvents(slug, kind, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return loaded < last.count ? loaded : undefined;
    },
  });

export const useTeamEvents = (slug: string, kind: ActivityKind | null) =>
  useInfiniteQuery(getTeamEventsQueryOptions(slug, kind));
