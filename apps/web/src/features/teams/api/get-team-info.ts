import type { TeamInfo } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/teaminfo/{slug}/ — public team info; null when there is no such team (404). */
export const getTeamInfo = async (slug: string, signal?: AbortSignal): Promise<TeamInfo | null> => {
  try {
    return await request.get('/api/teaminfo/:slug/', { params: { slug }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export const getTeamInfoQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['teaminfo', slug], queryFn: ({ signal }) => getTeamInfo(slug, signal) });

export const useTeamInfo = (slug: string) => useQuery(getTeamInfoQueryOptions(slug));
