import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  staffAccessSchema,
  userGroupChangeSchema,
  userGroupsQuerySchema,
  userGroupsSchema,
} from '@murmur/core/api';
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

  app.get(
    '/api/staff/access/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Whether the signed-in user is internal staff (SPEC §6: an address on the provider domain)',
        response: { 200: staffAccessSchema, ...errorResponses(403) },
      },
    },
    (request) => staffService.access(requireUser(request)),
  );

  app.get(
    '/api/staff/user-groups/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "A user's groups, found by address (internal staff only)",
        querystring: userGroupsQuerySchema,
        response: { 200: userGroupsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => staffService.groupsOfUser(requireUser(request), request.query.email),
  );

  app.post(
    '/api/staff/user-groups/',
    {
      config: { auth: 'signed-in' },
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
      config: { auth: 'signed-in' },
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
