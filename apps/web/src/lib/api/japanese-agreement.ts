import type { JapaneseAgreement } from '@murmur/core/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../request';

/** GET /api/japanese-agreement/?team= — whether the agreement applies and the team accepted it. */
export const getJapaneseAgreement = (team: string, signal?: AbortSignal): Promise<JapaneseAgreement> =>
  request.get('/api/japanese-agreement/', { query: { team }, signal });

export const japaneseAgreementQueryOptions = (team: string) =>
  queryOptions({
    queryKey: ['japanese-agreement', team],
    queryFn: ({ signal }) => getJapaneseAgreement(team, signal),
  });
export const useJapaneseAgreement = (team: string | null) =>
  useQuery({ ...japaneseAgreementQueryOptions(team ?? ''), enabled: team !== null });

/** POST /api/japanese-agreement/ — a team admin accepts for the team. */
export const acceptJapaneseAgreement = (team: string): Promise<JapaneseAgreement> =>
  request.post('/api/japanese-agreement/', { body: { team } });
export const useAcceptJapaneseAgreement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptJapaneseAgreement,
    onSuccess: (data, team) => queryClient.setQueryData(japaneseAgreementQueryOptions(team).queryKey, data),
  });
};
