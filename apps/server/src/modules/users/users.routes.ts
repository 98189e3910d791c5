import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adAccountSchema,
  createGrantedAccountSchema,
  grantedAccountSchema,
  updateMeSchema,
  userSchema,
  type User,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { pkParams } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { UsersService } from './users.service';

/** The view's body serialised once (users.service.ts `meWithBody`); the view is what the handler returns. */
function sendMe(reply: FastifyReply, { view, body }: { view: User; body: string }): User {
  void reply.type('application/json; charset=utf-8').serializer(() => body);
  return view;
}

export const usersRoutes: FastifyPluginCallbackZod<{ usersService: UsersService }> = (
  app,
  { usersService },
  done,
) => {
  const tags = ['user'];

  app.get(
    '/api/user/me/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'The signed-in user; 403 when signed out',
        response: { 200: userSchema, ...errorResponses(403) },
      },
    },
    (request, reply) => {
      // Synchronous when the view is cached (the serving path): most reads wait for no promise.
      const found = usersService.meWithBody(requireUser(request));
      return found instanceof Promise ? found.then((me) => sendMe(reply, me)) : sendMe(reply, found);
    },
  );

  app.put(
    '/api/user/me/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Change name or interface language',
        body: updateMeSchema,
        response: { 200: userSchema, ...errorResponses(400, 403) },
      },
    },
    (request) => usersService.updateMe(requireUser(request), request.body),
  );

  app.get(
    '/api/user/accounts/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Ad accounts of the user',
        response: { 200: z.array(adAccountSchema), ...errorResponses(403) },
      },
    },
    (request) => usersService.adAccounts(requireUser(request)),
  );

  app.get(
    '/api/user/granted-accounts/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Ad accounts granted through the user's memberships",
        response: { 200: z.array(grantedAccountSchema), ...errorResponses(403) },
      },
    },
    (request) => usersService.grantedAccounts(requireUser(request)),
  );

  app.post(
    '/api/user/granted-accounts/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Grant one of the user's ad accounts to a team where the user is admin",
        body: createGrantedAccountSchema,
        response: { 200: grantedAccountSchema, 201: grantedAccountSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { grant, created } = await usersService.grantAccount(requireUser(request), request.body);
      return reply.status(created ? 201 : 200).send(grant);
    },
  );

  app.delete(
    '/api/user/granted-accounts/:pk/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Withdraw a grant made through one of the user’s memberships',
        params: pkParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await usersService.revokeGrant(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );
  done();
};
