import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { MAX_DB_ID } from '../../lib/db-id';
import { requireUser } from '../../plugins/auth';
import type { ApiKeysService } from './api-keys.service';
import type { WebhooksService } from './webhooks.service';

const teamParams = z.object({ slug: z.string().max(100).describe('The team slug or its numeric id') });
const itemParams = teamParams.extend({ id: z.coerce.number().int().positive().max(MAX_DB_ID) });
const signedIn = { auth: 'signed-in' } as const;

/** A team's API keys: team admins only, never an API key (api-key-routes.ts does not list them). */
export const apiKeysRoutes: FastifyPluginCallbackZod<{ apiKeysService: ApiKeysService }> = (
  app,
  { apiKeysService },
  done,
) => {
  const tags = ['api-keys'];
  app.get(
    '/api/teams/:slug/api-keys/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The team's API keys, revoked ones included (team admins)",
        params: teamParams,
        response: { 200: apiKeyListSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => apiKeysService.list(requireUser(request), request.params.slug),
  );
  app.post(
    '/api/teams/:slug/api-keys/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Make an API key; its whole value is in this answer only',
        params: teamParams,
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await apiKeysService.create(requireUser(request), request.params.slug, request.body)),
  );
  app.delete(
    '/api/teams/:slug/api-keys/:id/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Revoke an API key (it answers 401 from then on)',
        params: itemParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await apiKeysService.revoke(requireUser(request), request.params.slug, request.params.id);
      return reply.status(204).send(null);
    },
  );
  done();
};

/** A team's webhook endpoints: team admins, or an API key with `webhooks:manage`. */
export const webhooksRoutes: FastifyPluginCallbackZod<{ webhooksService: WebhooksService }> = (
  app,
  { webhooksService },
  done,
) => {
  const tags = ['webhooks'];
  app.get(
    '/api/teams/:slug/webhooks/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "The team's webhook endpoints",
        params: teamParams,
        response: { 200: webhookEndpointListSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => webhooksService.list(requireUser(request), request.params.slug),
  );
  app.post(
    '/api/teams/:slug/webhooks/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Add a webhook endpoint; its signing secret is in this answer only',
        params: teamParams,
        body: createWebhookSchema,
        response: { 201: createdWebhookSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await webhooksService.create(requireUser(request), request.params.slug, request.body)),
  );
  app.delete(
    '/api/teams/:slug/webhooks/:id/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Delete a webhook endpoint with its delivery log',
        params: itemParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await webhooksService.remove(requireUser(request), request.params.slug, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/teams/:slug/webhooks/:id/deliveries/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "An endpoint's latest deliveries (50), newest first, with their attempts",
        params: itemParams,
        response: { 200: webhookDeliveryListSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => webhooksService.deliveries(requireUser(request), request.params.slug, request.params.id),
  );
  app.post(
    '/api/teams/:slug/webhooks/:id/test/',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Send a signed `test` event now; answers its delivery after the first attempt',
        params: itemParams,
        response: { 200: webhookDeliverySchema, ...errorResponses(403, 404) },
      },
    },
    (request) => webhooksService.sendTest(requireUser(request), request.params.slug, request.params.id),
  );
  done();
};
