import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { CSRF_COOKIE, SESSION_COOKIE, requireUser } from '../../plugins/auth';
import type { AccountService } from './account.service';

/** docs/API.md "Your data and account deletion" (GDPR). */
export const accountRoutes: FastifyPluginCallbackZod<{ accountService: AccountService }> = (
  app,
  { accountService },
  done,
) => {
  const tags = ['user'];

  app.get(
    '/api/user/export/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Download my data: profile, teams, audiences, campaigns, sessions and tokens (JSON)',
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const data = await accountService.exportData(requireUser(request));
      const day = data.exported_at.slice(0, 10);
      void reply
        .header('content-disposition', `attachment; filename="murmur-data-${day}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/api/user/delete-account/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete my account, after typing my address (the rules: docs/API.md)',
        body: deleteAccountSchema,
        response: { 204: z.null(), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      await accountService.deleteAccount(requireUser(request), request.body.email);
      void reply.clearCookie(SESSION_COOKIE, { path: '/' }).clearCookie(CSRF_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
  done();
};
