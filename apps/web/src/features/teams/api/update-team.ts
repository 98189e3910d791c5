import type { PatchTeam, Team } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getTeamQueryOptions } from './get-team';
import { getTeamsQueryOptions } from './get-teams';

/** PATCH /api/teams/{slug}/ — admins only; sends just the changed fields. */
export const updateTeam = (slug: string, body: PatchTeam): Promise<Team> =>
  request.patch('/api/teams/:slug/', { params: { slug }, body });

export const useUpdateTeam = (slug: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchTeam) => updateTeam(slug, body),
    onSuccess: async (team) => {
      queryClient.setQueryData(getTeamQueryOptions(slug).queryKey, team);
      await queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey, exact: true });
    },
  });
};
