import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeMemberSchema,
  createTeamSchema,
  deleteTeamSchema,
  transferTeamSchema,
  teamAccountSchema,
  memberSchema,
  patchTeamSchema,
  teamInfoSchema,
  teamSchema,
  updateTeamSchema,
} from '@murmur/core/api';
import type { Team } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { readThrough, sendCached, serialized, type ReadCache } from '../../lib/read-cache';
import type { ZodApp } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { TeamChanges } from './teams.repository';
import type { TeamsService } from './teams.service';

const tags = ['teams'];
const teamParams = z.object({ slug: z.string().max(100).describe('The team slug or its numeric id') });
const memberParams = teamParams.extend({
  member_id: z.coerce.number().int().positive().describe("The membership's id (members list `id`)"),
});

type TeamUpdate = z.output<typeof patchTeamSchema>;
const toChanges = (input: TeamUpdate): TeamChanges => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.logo !== undefined && { logo: input.logo }),
  ...(input.invoice_email !== undefined && { invoiceEmail: input.invoice_email }),
  ...(input.country !== undefined && { country: input.country }),
  ...(input.invoice_name !== undefined && { invoiceName: input.invoice_name }),
});

export const teamsRoutes: FastifyPluginCallbackZod<{
  teamsService: TeamsService;
  /** The team lists' answers in memory (lib/read-cache.ts); none: every list is read. */
  listCache?: ReadCache | undefined;
}> = (app, { teamsService, listCache }, done) => {
  registerTeamRoutes(app, teamsService, listCache);
  registerMemberRoutes(app, teamsService);
  registerTeamEndRoutes(app, teamsService);
  done();
};

/** The user's teams: list, create, read and change settings. */
function registerTeamRoutes(app: ZodApp, teamsService: TeamsService, listCache: ReadCache | undefined) {
  app.get(
    '/api/teams/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Teams of the signed-in user',
        response: { 200: z.array(teamSchema), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // The user's own teams, so whose list is the key; from memory while no table it was read
      // from has changed (lib/read-cache.ts).
      const answer = await readThrough(listCache, `user:${user.id}`, async () =>
        serialized(reply, await teamsService.list(user)),
      );
      return sendCached<Team[]>(request, reply, answer);
    },
  );

  app.post(
    '/api/teams/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Create a team; the creator becomes its admin',
        body: createTeamSchema,
        response: { 201: teamSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await teamsService.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/teams/:slug/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'A team of the user',
        params: teamParams,
        response: { 200: teamSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => teamsService.get(requireUser(request), request.params.slug),
  );

  for (const [method, body] of [
    ['PUT', updateTeamSchema],
    ['PATCH', patchTeamSchema],
  ] as const) {
    app.route({
      method,
      url: '/api/teams/:slug/',
      schema: {
        tags,
        summary: method === 'PUT' ? 'Replace team settings (admins)' : 'Change some team settings (admins)',
        params: teamParams,
        body,
        response: { 200: teamSchema, ...errorResponses(400, 403, 404) },
      },
      handler: (request) =>
        teamsService.update(requireUser(request), request.params.slug, toChanges(request.body)),
    });
  }
}

/** Members: list, change level, remove, leave, transfer. */
function registerMemberRoutes(app: ZodApp, teamsService: TeamsService) {
  app.get(
    '/api/teams/:slug/members/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Members with joined date and last login',
        params: teamParams,
        response: { 200: z.array(memberSchema), ...errorResponses(403, 404) },
      },
    },
    (request) => teamsService.members(requireUser(request), request.params.slug),
  );

  app.patch(
    '/api/teams/:slug/members/:member_id/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Change a member's level (admins; the last admin cannot step down)",
        params: memberParams,
        body: changeMemberSchema,
        response: { 200: memberSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { level } = request.body;
      const { slug, member_id: memberId } = request.params;
      const { member } = await teamsService.changeMember(requireUser(request), slug, memberId, { level });
      return { ...member, level };
    },
  );

  app.delete(
    '/api/teams/:slug/members/:member_id/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          'Remove a member (admins); answers the member as they were. Their audiences and uploads stay with the team, the ad accounts they granted are withdrawn',
        params: memberParams,
        response: { 200: memberSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { slug, member_id: memberId } = request.params;
      return (await teamsService.changeMember(requireUser(request), slug, memberId, { remove: true })).member;
    },
  );

  app.post(
    '/api/teams/:slug/leave/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Leave the team (its last admin cannot); answers the team left',
        params: teamParams,
        response: { 200: teamSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => teamsService.leave(requireUser(request), request.params.slug),
  );

  app.post(
    '/api/teams/:slug/transfer/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Hand the team to another member (admins): they become admin, the caller a member',
        params: teamParams,
        body: transferTeamSchema,
        response: { 200: memberSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => teamsService.transfer(requireUser(request), request.params.slug, request.body.member),
  );
}

/** Deleting a team, its granted ad accounts and the public team info. */
function registerTeamEndRoutes(app: ZodApp, teamsService: TeamsService) {
  app.delete(
    '/api/teams/:slug/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          "Delete the team and everything it holds (admins, confirming with the team's name; a running subscription is cancelled first)",
        params: teamParams,
        body: deleteTeamSchema,
        response: { 204: z.null(), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await teamsService.remove(requireUser(request), request.params.slug, request.body.name);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/teams/:slug/accounts/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Ad accounts granted to the team',
        params: teamParams,
        response: { 200: z.array(teamAccountSchema), ...errorResponses(403, 404) },
      },
    },
    (request) => teamsService.accounts(requireUser(request), request.params.slug),
  );

  app.get(
    '/api/teaminfo/:slug/',
    {
      schema: {
        tags,
        summary: 'Public team name and logo by slug; 404 when there is none',
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: teamInfoSchema, ...errorResponses(404) },
      },
    },
    (request) => teamsService.info(request.params.slug),
  );
}
