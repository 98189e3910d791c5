import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/teams/{slug}/sso/ — the team's single sign-on settings (admins only; no secret). */
export const getSsoConfig = (slug: string, signal?: AbortSignal) =>
  request.get('/api/teams/:slug/sso/', { params: { slug }, signal });

export const getSsoConfigQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['sso-config', slug], queryFn: ({ signal }) => getSsoConfig(slug, signal) });

export const useSsoConfig = (slug: string) => useQuery(getSsoConfigQueryOptions(slug));
