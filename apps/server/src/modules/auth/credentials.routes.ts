import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialsSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { pkParams } from '../../lib/resource-routes';
import { CSRF_COOKIE, SESSION_COOKIE, requireUser } from '../../plugins/auth';
import type { CredentialsService, CurrentCredentials } from './credentials.service';

/** The session or personal token this request came with (other token kinds never reach these routes). */
function currentOf(request: FastifyRequest): CurrentCredentials {
  const p = request.principal;
  if (p.kind !== 'user') return {};
  if (p.via === 'session') return { sessionKey: p.sessionKey };
  if (p.via === 'token') return { tokenKey: p.tokenKey };
  return {};
}

/** docs/API.md "Sessions and tokens": the user's own credentials, listed and revoked. */
export const credentialRoutes: FastifyPluginCallbackZod<{ credentialsService: CredentialsService }> = (
  app,
  { credentialsService: service },
  done,
) => {
  const tags = ['auth'];

  app.get(
    '/api/user/credentials/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'My browser sessions and personal tokens, with where and when each was last used',
        response: { 200: credentialsSchema, ...errorResponses(403) },
      },
    },
    (request) => service.list(requireUser(request).id, currentOf(request), request),
  );

  for (const kind of ['session', 'token'] as const) {
    app.delete(
      `/api/user/credentials/${kind}s/:pk/`,
      {
        config: { auth: 'signed-in' },
        schema: {
          tags,
          summary: `Revoke one of my ${kind === 'session' ? 'browser sessions' : 'personal tokens'}`,
          params: pkParams,
          response: { 204: z.null(), ...errorResponses(403, 404) },
        },
      },
      async (request, reply) => {
        await service.revoke(requireUser(request).id, kind, request.params.pk);
        return reply.status(204).send(null);
      },
    );
  }

  app.post(
    '/api/user/credentials/revoke-others/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Sign out everywhere else: revoke every session and token but this one',
        response: { 204: z.null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await service.revokeOthers(requireUser(request).id, currentOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/credentials/revoke-all/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Sign out everywhere: revoke every session and token, this one included',
        response: { 204: z.null(), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await service.revokeAll(requireUser(request).id);
      void reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(CSRF_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
  done();
};
