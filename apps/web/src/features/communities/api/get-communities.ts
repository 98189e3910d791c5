import type { CommunitySort, CommunitySummary } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/communities/?sort= — communities of the network (public). */
export const getCommunities = async (
  sort: CommunitySort,
  signal?: AbortSignal,
): Promise<CommunitySummary[]> =>
  (await request.get('/api/communities/', { query: { sort, limit: 20 }, signal })).results;

export const getCommunitiesQueryOptions = (sort: CommunitySort) =>
  queryOptions({ queryKey: ['communities', sort], queryFn: ({ signal }) => getCommunities(sort, signal) });

export const useCommunities = (sort: CommunitySort) => useQuery(getCommunitiesQueryOptions(sort));
