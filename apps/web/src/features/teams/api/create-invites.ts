import type { CreateInvites, Invite } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getInvitesQueryOptions } from './get-invites';

/** POST /api/teams/{team_id}/invites/ — one invitation per address; admins only. */
export const createInvites = (teamId: number, body: CreateInvites): Promise<Invite[]> =>
  request.post('/api/teams/:team_id/invites/', { params: { team_id: String(teamId) }, body });

export const useCreateInvites = (teamId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvites) => createInvites(teamId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getInvitesQueryOptions(teamId).queryKey }),
  });
};
