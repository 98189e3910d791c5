import type { CreateTeam, Team } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '@/lib/api/get-me';
import { request } from '@/lib/request';
import { getTeamsQueryOptions } from './get-teams';

/** POST /api/teams/ — the creator becomes the team's admin. */
export const createTeam = (body: CreateTeam): Promise<Team> => request.post('/api/teams/', { body });

export const useCreateTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getTeamsQueryOptions().queryKey }),
        // The user's memberships (admin of the new team) come with the user.
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
      ]),
  });
};
