import type { CommunitySort } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/communities/?sort= — communities of the network (public), with the growth window. */
export const getCommunities = (sort: CommunitySort, signal?: AbortSignal) =>
  request.get('/api/communities/', { query: { sort, limit: 20 }, signal });

export const getCommunitiesQueryOptions = (sort: CommunitySort) =>
  queryOptions({ queryKey: ['communities', sort], queryFn: ({ signal }) => getCommunities(sort, signal) });

export const useCommunities = (sort: CommunitySort) => useQuery(getCommunitiesQueryOptions(sort));
