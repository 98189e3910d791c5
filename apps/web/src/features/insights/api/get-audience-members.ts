import type { MembershipChanges } from '@murmur/core/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/audience-configs/{pk}/history/members/ — who joined and who left between two days. */
const getAudienceMembers = (
  pk: number,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<MembershipChanges> =>
  request.get('/api/audience-configs/:pk/history/members/', { params: { pk }, query: { from, to }, signal });

export const useAudienceMembers = (configId: number, from: string | null, to: string | null) =>
  useQuery({
    queryKey: ['audience-history', configId, 'members', from, to],
    queryFn: ({ signal }) => getAudienceMembers(configId, from!, to!, signal),
    enabled: from !== null && to !== null && from !== to,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
