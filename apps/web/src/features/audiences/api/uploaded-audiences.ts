import type { CreateUploadedAudience, UploadedAudience } from '@murmur/core/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/uploaded-audiences/?team= — the team's uploads with X's processing state. */
export const getUploadedAudiences = (team: string, signal?: AbortSignal): Promise<UploadedAudience[]> =>
  request.get('/api/uploaded-audiences/', { query: { team }, signal });

export const uploadedAudiencesQueryOptions = (team: string) =>
  queryOptions({
    queryKey: ['uploaded-audiences', team],
    queryFn: ({ signal }) => getUploadedAudiences(team, signal),
  });

/** While X processes an upload ("may take up to one day", SPEC §9) the list is read every 15 s. */
export const useUploadedAudiences = (team: string | null) =>
  useQuery({
    ...uploadedAudiencesQueryOptions(team ?? ''),
    enabled: team !== null,
    refetchInterval: (query) => (query.state.data?.some((u) => u.state === 'processing') ? 15_000 : false),
  });

export const uploadAudience = (body: CreateUploadedAudience): Promise<UploadedAudience> =>
  request.post('/api/uploaded-audiences/', { body });

export const useUploadAudience = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAudience,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: uploadedAudiencesQueryOptions(input.team ?? '').queryKey }),
  });
};
