import type { ChangeMember, Member, Team } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '@/lib/api/get-me';
import { request } from '@/lib/request';
import { getMembersQueryOptions } from './get-members';
import { getTeamsQueryOptions } from './get-teams';

/** PATCH /api/teams/{slug}/members/{member_id}/ — an admin changes a member's level. */
export const changeMember = (slug: string, memberId: number, body: ChangeMember): Promise<Member> =>
  request.patch('/api/teams/:slug/members/:member_id/', {
    params: { slug, member_id: String(memberId) },
    body,
  });

/** DELETE /api/teams/{slug}/members/{member_id}/ — an admin removes a member. */
export const removeMember = (slug: string, memberId: number): Promise<Member> =>
  request.delete('/api/teams/:slug/members/:member_id/', { params: { slug, member_id: String(memberId) } });

/** POST /api/teams/{slug}/transfer/ — an admin hands the team to another member. */
export const transferTeam = (slug: string, member: number): Promise<Member> =>
  request.post('/api/teams/:slug/transfer/', { params: { slug }, body: { member } });

/** POST /api/teams/{slug}/leave/ — the signed-in user leaves the team. */
export const leaveTeam = (slug: string): Promise<Team> =>
  request.post('/api/teams/:slug/leave/', { params: { slug } });

/** DELETE /api/teams/{slug}/ — an admin deletes the team, confirming with its name. */
export const deleteTeam = (slug: string, name: string): Promise<void> =>
  request.delete('/api/teams/:slug/', { params: { slug }, body: { name } });

/** After a change of members, the list, the user's own memberships and their teams are read again. */
export const useMembersChange = <T>(slug: string, mutationFn: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMembersQueryOptions(slug).queryKey }),
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey }),
      ]),
  });
};
