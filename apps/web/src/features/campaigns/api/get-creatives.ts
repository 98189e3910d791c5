import type { AdCreative } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

export const creativesKey = (team: string) => ['ad-creatives', team] as const;

/** GET /api/ad-creatives/?team= — the team's ad creatives. */
export const getCreatives = (team: string, signal?: AbortSignal): Promise<AdCreative[]> =>
  request.get('/api/ad-creatives/', { query: { team }, signal });

export const creativesQueryOptions = (team: string) =>
  queryOptions({ queryKey: creativesKey(team), queryFn: ({ signal }) => getCreatives(team, signal) });

export const useCreatives = (team: string) => useQuery(creativesQueryOptions(team));
