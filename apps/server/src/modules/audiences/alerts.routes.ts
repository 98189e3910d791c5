import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertDeliveryListSchema,
  audienceAlertListSchema,
  audienceAlertSchema,
  saveAlertSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { pkParams } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { AlertsService } from './alerts.service';

const tags = ['audiences'];

/** Alert rules on saved audiences (docs/API-AUDIENCES.md "Alerts"): each rule is its creator's alone. */
export const alertsRoutes: FastifyPluginCallbackZod<{ alertsService: AlertsService }> = (
  app,
  { alertsService },
  done,
) => {
  app.get(
    '/api/audience-configs/:pk/alerts/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The caller's alert rules on a saved audience",
        params: pkParams,
        response: { 200: audienceAlertListSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => alertsService.list(requireUser(request), request.params.pk),
  );

  app.post(
    '/api/audience-configs/:pk/alerts/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Add an alert rule: mail and/or a signed webhook when the audience moves beyond a threshold',
        params: pkParams,
        body: saveAlertSchema,
        response: { 201: audienceAlertSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await alertsService.create(requireUser(request), request.params.pk, request.body)),
  );

  app.delete(
    '/api/audience-alerts/:pk/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete an alert rule of the caller',
        params: pkParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await alertsService.remove(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/audience-alerts/:pk/test/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Send a test event on every channel of an alert rule of the caller, now',
        params: pkParams,
        response: { 200: alertDeliveryListSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => alertsService.test(requireUser(request), request.params.pk),
  );

  app.get(
    '/api/audience-alerts/:pk/deliveries/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "An alert rule's latest deliveries (its log), newest first",
        params: pkParams,
        response: { 200: alertDeliveryListSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => alertsService.deliveries(requireUser(request), request.params.pk),
  );
  done();
};
