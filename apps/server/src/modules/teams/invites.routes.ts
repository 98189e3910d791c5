import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInviteSchema, createInvitesSchema, inviteSchema, teamSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { InvitesService } from './invites.service';

const params = z.object({ team_id: z.string().max(100).describe('The numeric team id or its slug') });
const inviteParams = params.extend({ invite_id: z.coerce.number().int().positive() });

export const invitesRoutes: FastifyPluginCallbackZod<{ invitesService: InvitesService }> = (
  app,
  { invitesService },
  done,
) => {
  const tags = ['teams'];

  app.get(
    '/api/teams/:team_id/invites/',
    {
      config: { auth: 'signed-in' },
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

  app.delete(
    '/api/teams/:team_id/invites/:invite_id/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Withdraw an invitation not yet accepted (admins); its code stops working',
        params: inviteParams,
        response: { 204: z.null(), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { team_id: team, invite_id: invite } = request.params;
      await invitesService.revoke(requireUser(request), team, invite);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/teams/:team_id/invites/:invite_id/resend/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          'Send an invitation not yet accepted again (admins): a new invitation with a new code and expiry replaces it',
        params: inviteParams,
        response: { 200: inviteSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    (request) =>
      invitesService.resend(requireUser(request), request.params.team_id, request.params.invite_id),
  );

  app.post(
    '/api/teams/:team_id/invites/accept/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          'Join the team with the code from an invitation mail (until it expires, and only as the address it was sent to)',
        params,
        body: acceptInviteSchema,
        response: { 200: teamSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => invitesService.accept(requireUser(request), request.params.team_id, request.body.code),
  );
  done();
};
