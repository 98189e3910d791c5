import type { FollowerFetch } from '@murmur/core/api';
import { ApiError } from '@murmur/core/errors';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** How often a running read of followers is polled. */
export const FOLLOWER_FETCH_POLL_MS = 2_000;

/** GET /api/live/follower-fetches/ — the read of an account's followers from X; null when none was asked for. */
export const getFollowerFetch = async (
  team: string,
  handle: string,
  signal?: AbortSignal,
): Promise<FollowerFetch | null> => {
  try {
    return await request.get('/api/live/follower-fetches/', { query: { team, handle }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

const key = (team: string, handle: string) => ['follower-fetch', team, handle.toLowerCase()];

export const followerFetchQueryOptions = (team: string, handle: string) =>
  queryOptions({
    queryKey: key(team, handle),
    queryFn: ({ signal }) => getFollowerFetch(team, handle, signal),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? FOLLOWER_FETCH_POLL_MS : false),
  });

export const useFollowerFetch = (team: string, handle: string) =>
  useQuery(followerFetchQueryOptions(team, handle));

/** POST /api/live/follower-fetches/ — starts reading the account's followers from X. */
export const useStartFollowerFetch = (team: string, handle: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request.post('/api/live/follower-fetches/', { body: { team, handle } }),
    onSuccess: (fetch) => client.setQueryData(key(team, handle), fetch),
  });
};
