import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  accountAppsSchema,
  appEventsSchema,
  hasPixelSchema,
  teamAdAccountQuerySchema,
  webEventsSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { MeasurementService } from './measurement.service';

/** SPEC §7 /api/has-pixel/, /api/web-events/, /api/app-events/, /api/account-apps/ (docs/API.md). */
export const measurementRoutes: FastifyPluginCallbackZod<{ measurementService: MeasurementService }> = (
  app,
  { measurementService: service },
  done,
) => {
  const tags = ['ad-accounts'];
  const errors = errorResponses(400, 403, 404, 503);

  app.get(
    '/api/has-pixel/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Whether the team's granted X ad account has a website tag (X web event tags)",
        querystring: teamAdAccountQuerySchema,
        response: { 200: hasPixelSchema, ...errors },
      },
    },
    (request) => service.hasPixel(requireUser(request), request.query),
  );

  app.get(
    '/api/web-events/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The website tag's conversion events of the team's granted X ad account",
        querystring: teamAdAccountQuerySchema,
        response: { 200: webEventsSchema, ...errors },
      },
    },
    (request) => service.webEvents(requireUser(request), request.query),
  );

  app.get(
    '/api/app-events/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The mobile app conversion events (X app event tags) of the team's granted X ad account",
        querystring: teamAdAccountQuerySchema,
        response: { 200: appEventsSchema, ...errors },
      },
    },
    (request) => service.appEvents(requireUser(request), request.query),
  );

  app.get(
    '/api/account-apps/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The apps the team's granted X ad account advertises (X account apps)",
        querystring: teamAdAccountQuerySchema,
        response: { 200: accountAppsSchema, ...errors },
      },
    },
    (request) => service.accountApps(requireUser(request), request.query),
  );
  done();
};
