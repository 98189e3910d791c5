import type { Invite } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/teams/{team_id}/invites/ — the team's invitations (admins). */
export const getInvites = (teamId: number, signal?: AbortSignal): Promise<Invite[]> =>
  request.get('/api/teams/:team_id/invites/', { params: { team_id: String(teamId) }, signal });

/** While invitation emails are still being sent, the list is refreshed (for about two minutes at most). */
const PENDING_POLL_MS = 3000;
const MAX_POLLS = 40;

export const getInvitesQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ['invites', teamId],
    queryFn: ({ signal }) => getInvites(teamId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((invite) => invite.state === 'pending' && !invite.accepted) === true &&
      query.state.dataUpdateCount < MAX_POLLS
        ? PENDING_POLL_MS
        : false,
  });

export const useInvites = (teamId: number, enabled = true) =>
  useQuery({ ...getInvitesQueryOptions(teamId), enabled });
