import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamInfoSchema, type TeamInfo } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { teamByHost } from './team-by-host';

const hostQuery = z.object({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, { error: 'Enter a host name.' }),
});

/** Public team lookup by host name (SPEC §8, §9), for a dashboard served on a team's own host. */
export const hostsRoutes: FastifyPluginCallbackZod<{
  findTeamBySlug: (slug: string) => Promise<TeamInfo | undefined>;
}> = (app, { findTeamBySlug }, done) => {
  app.get(
    '/api/team-by-host/',
    {
      schema: {
        tags: ['teams'],
        summary: 'The team a host name belongs to; the local dummy team on local hosts; 404 = no team',
        querystring: hostQuery,
        response: { 200: teamInfoSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => teamByHost(request.query.host, findTeamBySlug),
  );
  done();
};
