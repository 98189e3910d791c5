import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { userGroupChangeSchema, userGroupsSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { StaffService } from './staff.service';

/** Staff tools (SPEC §6): internal staff only, everyone else 403. */
export const staffRoutes: FastifyPluginCallbackZod<{ staffService: StaffService }> = (
  app,
  { staffService },
  done,
) => {
  const tags = ['staff'];

  app.post(
    '/api/staff/user-groups/',
    {
      schema: {
        tags,
        summary: 'Put a user in a group (internal staff only)',
        body: userGroupChangeSchema,
        response: { 200: userGroupsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => staffService.addToGroup(requireUser(request), request.body),
  );

  app.post(
    '/api/staff/user-groups/remove/',
    {
      schema: {
        tags,
        summary: 'Take a user out of a group (internal staff only)',
        body: userGroupChangeSchema,
        response: { 200: userGroupsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => staffService.removeFromGroup(requireUser(request), request.body),
  );
  done();
};
