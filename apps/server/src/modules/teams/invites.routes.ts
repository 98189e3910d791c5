import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInviteSchema, createInvitesSchema, inviteSchema, teamSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { InvitesService } from './invites.service';

const params = z.object({ team_id: z.string().max(100).describe('The numeric team id or its slug') });

export const invitesRoutes: FastifyPluginCallbackZod<{ invitesService: InvitesService }> = (
  app,
  { invitesService },
  done,
) => {
  const tags = ['teams'];

  app.get(
    '/api/teams/:team_id/invites/',
    {
      schema: {
        tags,
        summary: 'Invitations of the team',
        params,
        response: { 200: z.array(inviteSchema), ...errorResponses(403, 404) },
      },
    },
    (request) => invitesService.list(requireUser(request), request.params.team_id),
  );

  app.post(
    '/api/teams/:team_id/invites/',
    {
      schema: {
        tags,
        summary: 'Invite one or several addresses (admins)',
        params,
        body: createInvitesSchema,
        response: { 201: z.array(inviteSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invitesService.create(requireUser(request), request.params.team_id, request.body)),
  );

  app.post(
    '/api/teams/:team_id/invites/accept/',
    {
      schema: {
        tags,
        summary: 'Join the team with the code from an invitation mail',
        params,
        body: acceptInviteSchema,
        response: { 200: teamSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => invitesService.accept(requireUser(request), request.params.team_id, request.body.code),
  );
  done();
};
