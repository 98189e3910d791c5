import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { extensionTokenSchema } from '@murmur/core/api';
import { Forbidden, NotAuthenticated } from '../../errors';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { SessionService } from './sessions.service';

/**
 * SPEC §6's extension token kind: the signed-in Murmur page asks for one and hands it to the X Pro
 * Targeting extension (packages/core/src/extension). It is tied to the session or personal token of
 * this request — issuing again replaces the previous one, and logout ends it — and it reaches only the
 * routes marked `config: { extensionToken: true }` (docs/API.md "Authentication").
 */
export const extensionTokenRoutes: FastifyPluginCallbackZod<{ sessionService: SessionService }> = (
  app,
  { sessionService },
  done,
) => {
  app.post(
    '/api/user/extension-token/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'A new extension token for the X Pro Targeting extension (replaces the previous one)',
        response: { 200: extensionTokenSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const p = request.principal;
      // Only a browser session or a personal token issues one (never a token of another kind).
      const issuer =
        p.kind === 'user' && p.via === 'session'
          ? { sessionKey: p.sessionKey }
          : p.kind === 'user' && p.via === 'token'
            ? { tokenKey: p.tokenKey }
            : undefined;
      if (issuer === undefined) throw new Forbidden();
      const token = await sessionService.issueExtensionToken(user.id, issuer);
      // Signed out in between (logout raced this request): as if the credential had not been sent.
      if (token === undefined) throw new NotAuthenticated();
      return { token };
    },
  );
  done();
};
