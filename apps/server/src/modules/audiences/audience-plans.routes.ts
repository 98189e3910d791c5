import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { audiencePlanSchema, saveAudiencePlanSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { resourceRoutes } from '../../lib/resource-routes';
import type { AudiencePlansService } from './audience-plans.service';

/** Audience plans: the signed-in user's own, CRUD. */
export const audiencePlansRoutes: FastifyPluginCallbackZod<{ plansService: AudiencePlansService }> = (
  app,
  { plansService },
  done,
) => {
  resourceRoutes(app, {
    path: '/api/audience-plan/',
    tags: ['audiences'],
    item: audiencePlanSchema,
    list: {
      summary: "The caller's audience plans, latest change first",
      errors: errorResponses(403),
      handler: (user) => plansService.list(user),
    },
    create: {
      summary: 'Create an audience plan',
      body: saveAudiencePlanSchema,
      errors: errorResponses(400, 403),
      handler: (user, body) => plansService.create(user, body),
    },
    get: {
      summary: 'An audience plan of the caller',
      errors: errorResponses(403, 404),
      handler: (user, pk) => plansService.get(user, pk),
    },
    replace: {
      summary: 'Replace an audience plan',
      body: saveAudiencePlanSchema,
      errors: errorResponses(400, 403, 404),
      handler: (user, pk, body) => plansService.update(user, pk, body),
    },
    remove: {
      summary: 'Delete an audience plan',
      errors: errorResponses(403, 404),
      handler: (user, pk) => plansService.remove(user, pk),
    },
  });
  done();
};
