import type { AcceptInvite, Team } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '@/lib/api/get-me';
import { request } from '@/lib/request';
import { getTeamsQueryOptions } from './get-teams';

/** POST /api/teams/{team_id}/invites/accept/ — joins the team with the invitation's code. */
export const acceptInvite = (teamId: number, code: string): Promise<Team> =>
  request.post('/api/teams/:team_id/invites/accept/', {
    params: { team_id: String(teamId) },
    body: { code },
  });

export const useAcceptInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, code }: AcceptInvite & { teamId: number }) => acceptInvite(teamId, code),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
      ]),
  });
};
