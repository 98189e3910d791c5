import type { AdMedia } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

export const mediaKey = (team: string) => ['ad-media', team] as const;

/** GET /api/ad-media/?team= — the team's media library. */
export const getMediaLibrary = (team: string, signal?: AbortSignal): Promise<AdMedia[]> =>
  request.get('/api/ad-media/', { query: { team }, signal });

export const mediaLibraryQueryOptions = (team: string) =>
  queryOptions({ queryKey: mediaKey(team), queryFn: ({ signal }) => getMediaLibrary(team, signal) });

export const useMediaLibrary = (team: string) => useQuery(mediaLibraryQueryOptions(team));
