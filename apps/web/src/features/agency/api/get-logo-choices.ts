import type { AdMedia } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** Images a report can carry as logo (pdfkit embeds PNG and JPEG only). */
const LOGO_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

/** GET /api/ad-media/?team= — the team's media library, the PNG and JPEG images only (report logos). */
export const getLogoChoices = async (team: string, signal?: AbortSignal): Promise<AdMedia[]> =>
  (await request.get('/api/ad-media/', { query: { team }, signal })).filter((m) =>
    LOGO_TYPES.includes(m.mime),
  );

export const getLogoChoicesQueryOptions = (team: string) =>
  queryOptions({
    queryKey: ['agency', 'logo-choices', team],
    queryFn: ({ signal }) => getLogoChoices(team, signal),
  });

export const useLogoChoices = (team: string) => useQuery(getLogoChoicesQueryOptions(team));
