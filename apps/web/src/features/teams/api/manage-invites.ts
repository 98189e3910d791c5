import type { Invite } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getInvitesQueryOptions } from './get-invites';

/** DELETE /api/teams/{team_id}/invites/{invite_id}/ — an admin withdraws an invitation. */
export const revokeInvite = (teamId: number, inviteId: number): Promise<void> =>
  request.delete('/api/teams/:team_id/invites/:invite_id/', {
    params: { team_id: String(teamId), invite_id: String(inviteId) },
  });

/** POST /api/teams/{team_id}/invites/{invite_id}/resend/ — a new code and expiry, mailed again. */
export const resendInvite = (teamId: number, inviteId: number): Promise<Invite> =>
  request.post('/api/teams/:team_id/invites/:invite_id/resend/', {
    params: { team_id: String(teamId), invite_id: String(inviteId) },
  });

export const useInviteAction = (teamId: number, action: 'revoke' | 'resend') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inviteId: number): Promise<void> => {
      if (action === 'revoke') await revokeInvite(teamId, inviteId);
      else await resendInvite(teamId, inviteId);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getInvitesQueryOptions(teamId).queryKey }),
  });
};
