import type { HasPixel } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/has-pixel/ — whether the ad account has the X pixel (a website tag), read on X. */
export const getHasPixel = (team: string, accountId: string, signal?: AbortSignal): Promise<HasPixel> =>
  request.get('/api/has-pixel/', { query: { team, account_id: accountId }, signal });
export const getHasPixelQueryOptions = (team: string, accountId: string) =>
  queryOptions({
    queryKey: ['ad-accounts', accountId, 'has-pixel', team],
    queryFn: ({ signal }) => getHasPixel(team, accountId, signal),
  });
/** Read on X through the team's grant: asked once the account is known to be granted (`enabled`). */
export const useHasPixel = (team: string, accountId: string, enabled: boolean) =>
  useQuery({ ...getHasPixelQueryOptions(team, accountId), enabled });
