import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audiencePlanSchema, saveAudiencePlanSchema } from '@murmur/core/api';
import { MAX_DB_ID } from '../../lib/db-id';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { AudiencePlansService } from './audience-plans.service';

const pkParams = z.object({ pk: z.coerce.number().int().positive().max(MAX_DB_ID) });

/** Audience plans: the signed-in user's own, CRUD. */
export const audiencePlansRoutes: FastifyPluginCallbackZod<{ plansService: AudiencePlansService }> = (
  app,
  { plansService },
  done,
) => {
  const tags = ['audiences'];

  app.get(
    '/api/audience-plan/',
    {
      schema: {
        tags,
        summary: "The caller's audience plans, latest change first",
        response: { 200: z.array(audiencePlanSchema), ...errorResponses(403) },
      },
    },
    (request) => plansService.list(requireUser(request)),
  );

  app.post(
    '/api/audience-plan/',
    {
      schema: {
        tags,
        summary: 'Create an audience plan',
        body: saveAudiencePlanSchema,
        response: { 201: audiencePlanSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await plansService.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/audience-plan/:pk/',
    {
      schema: {
        tags,
        summary: 'An audience plan of the caller',
        params: pkParams,
        response: { 200: audiencePlanSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => plansService.get(requireUser(request), request.params.pk),
  );

  app.put(
    '/api/audience-plan/:pk/',
    {
      schema: {
        tags,
        summary: 'Replace an audience plan',
        params: pkParams,
        body: saveAudiencePlanSchema,
        response: { 200: audiencePlanSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => plansService.update(requireUser(request), request.params.pk, request.body),
  );

  app.delete(
    '/api/audience-plan/:pk/',
    {
      schema: {
        tags,
        summary: 'Delete an audience plan',
        params: pkParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await plansService.remove(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );
  done();
};
