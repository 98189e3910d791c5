import type { FollowUnfollow } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dtStatusKey } from './get-status';

/** POST /api/user/follow-unfollow/ — follows or unfollows accounts as the user (a job to follow). */
export const followUnfollow = (body: FollowUnfollow) => request.post('/api/user/follow-unfollow/', { body });

export function useFollowUnfollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: followUnfollow,
    onSuccess: () => client.invalidateQueries({ queryKey: dtStatusKey }),
  });
}
