import type { CreateWebhook, CreatedWebhook, WebhookDelivery, WebhookEndpoint } from '@murmur/core/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/teams/{slug}/webhooks/ — the team's webhook endpoints. */
export const getWebhooks = (slug: string, signal?: AbortSignal): Promise<WebhookEndpoint[]> =>
  request.get('/api/teams/:slug/webhooks/', { params: { slug }, signal });

export const getWebhooksQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['teams', slug, 'webhooks'],
    queryFn: ({ signal }) => getWebhooks(slug, signal),
  });

export const useWebhooks = (slug: string) => useQuery(getWebhooksQueryOptions(slug));

/** GET /api/teams/{slug}/webhooks/{id}/deliveries/ — the latest deliveries, newest first. */
export const getDeliveries = (slug: string, id: number, signal?: AbortSignal): Promise<WebhookDelivery[]> =>
  request.get('/api/teams/:slug/webhooks/:id/deliveries/', { params: { slug, id: String(id) }, signal });

export const getDeliveriesQueryOptions = (slug: string, id: number) =>
  queryOptions({
    queryKey: [...getWebhooksQueryOptions(slug).queryKey, id, 'deliveries'],
    queryFn: ({ signal }) => getDeliveries(slug, id, signal),
  });

export const useDeliveries = (slug: string, id: number, enabled: boolean) =>
  useQuery({ ...getDeliveriesQueryOptions(slug, id), enabled });

/** POST /api/teams/{slug}/webhooks/ — the answer holds the signing secret, the only time it is sent. */
export const createWebhook = (slug: string, body: CreateWebhook): Promise<CreatedWebhook> =>
  request.post('/api/teams/:slug/webhooks/', { params: { slug }, body });

export const deleteWebhook = (slug: string, id: number): Promise<void> =>
  request.delete('/api/teams/:slug/webhooks/:id/', { params: { slug, id: String(id) } });

/** POST /api/teams/{slug}/webhooks/{id}/test/ — a signed `test` event now. */
export const sendTestEvent = (slug: string, id: number): Promise<WebhookDelivery> =>
  request.post('/api/teams/:slug/webhooks/:id/test/', { params: { slug, id: String(id) } });

const useWebhooksChange = <T, R>(slug: string, mutationFn: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The endpoints and every delivery log under them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getWebhooksQueryOptions(slug).queryKey }),
  });
};

export const useCreateWebhook = (slug: string) =>
  useWebhooksChange(slug, (body: CreateWebhook) => createWebhook(slug, body));
export const useDeleteWebhook = (slug: string) =>
  useWebhooksChange(slug, (id: number) => deleteWebhook(slug, id));
export const useSendTestEvent = (slug: string) =>
  useWebhooksChange(slug, (id: number) => sendTestEvent(slug, id));
