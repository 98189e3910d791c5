import type { Member } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getTeamQueryOptions } from './get-team';

/** GET /api/teams/{slug}/members/ — members with joined date and last login. */
export const getMembers = (slug: string, signal?: AbortSignal): Promise<Member[]> =>
  request.get('/api/teams/:slug/members/', { params: { slug }, signal });

export const getMembersQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...getTeamQueryOptions(slug).queryKey, 'members'],
    queryFn: ({ signal }) => getMembers(slug, signal),
  });

export const useMembers = (slug: string) => useQuery(getMembersQueryOptions(slug));
