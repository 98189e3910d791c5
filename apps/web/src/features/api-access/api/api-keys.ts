import type { ApiKey, ApiKeyScope, CreateApiKey, CreatedApiKey } from '@murmur/core/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/teams/{slug}/api-keys/ — the team's API keys (team admins). */
export const getApiKeys = (slug: string, signal?: AbortSignal): Promise<ApiKey[]> =>
  request.get('/api/teams/:slug/api-keys/', { params: { slug }, signal });

export const getApiKeysQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['teams', slug, 'api-keys'],
    queryFn: ({ signal }) => getApiKeys(slug, signal),
  });

export const useApiKeys = (slug: string) => useQuery(getApiKeysQueryOptions(slug));

/** POST /api/teams/{slug}/api-keys/ — the answer holds the whole key, the only time it is sent. */
export const createApiKey = (slug: string, body: CreateApiKey): Promise<CreatedApiKey> =>
  request.post('/api/teams/:slug/api-keys/', { params: { slug }, body });

/** DELETE /api/teams/{slug}/api-keys/{id}/ — revoke. */
export const revokeApiKey = (slug: string, id: number): Promise<void> =>
  request.delete('/api/teams/:slug/api-keys/:id/', { params: { slug, id: String(id) } });

const useKeysChange = <T, R>(slug: string, mutationFn: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions(slug).queryKey }),
  });
};

export const useCreateApiKey = (slug: string) =>
  useKeysChange(slug, (body: CreateApiKey) => createApiKey(slug, body));
export const useRevokeApiKey = (slug: string) => useKeysChange(slug, (id: number) => revokeApiKey(slug, id));

/** A scope's text key (`:` is i18next's namespace separator, so it is not used in the keys). */
export const SCOPE_TEXT = {
  'audiences:read': 'apiAccess.scopes.audiences_read',
  'audiences:write': 'apiAccess.scopes.audiences_write',
  'insights:run': 'apiAccess.scopes.insights_run',
  'campaigns:read': 'apiAccess.scopes.campaigns_read',
  'webhooks:manage': 'apiAccess.scopes.webhooks_manage',
} as const satisfies Record<ApiKeyScope, string>;
