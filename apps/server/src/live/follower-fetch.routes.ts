import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { followerFetchRequestSchema, followerFetchSchema } from '@murmur/core/api';
import { NotFound, ServiceUnavailable } from '../errors';
import { errorResponses } from '../lib/http';
import type { TeamAccess } from '../modules/audiences/audience-configs.service';
import { requireUser } from '../plugins/auth';
import { FollowerFetchError, type FollowerFetcher } from './follower-fetch';

/**
 * "Followers of @handle" for an account the index has not seen (docs/LIVE.md, production bootstrap):
 * a team member starts the read of its followers from X and polls its progress. Signed in and a
 * member of the team, like the other audience routes; the fetch itself is shared by the deployment
 * (one per X account), so a second team asking for the same account sees the same progress.
 */
export const followerFetchRoutes: FastifyPluginCallbackZod<{
  /** Absent on a server without a live log or an X token: the routes answer 503. */
  fetcher: FollowerFetcher | undefined;
  teamsService: TeamAccess;
}> = (app, { fetcher: given, teamsService }, done) => {
  const tags = ['audiences'];
  const fetcherOr503 = (): FollowerFetcher => {
    if (!given) throw new ServiceUnavailable('Reading followers from X needs the live path on this server.');
    return given;
  };

  app.post(
    '/api/live/follower-fetches/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Start reading an X account's followers into the index (or report the read under way)",
        body: followerFetchRequestSchema,
        response: { 202: followerFetchSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await teamsService.access(requireUser(request), request.body.team);
      const fetcher = fetcherOr503();
      try {
        return reply.status(202).send(await fetcher.start(request.body.handle.replace(/^@/, '')));
      } catch (error) {
        if (error instanceof FollowerFetchError)
          throw error.status === 404 ? new NotFound(error.message) : new ServiceUnavailable(error.message);
        throw error;
      }
    },
  );

  app.get(
    '/api/live/follower-fetches/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The read of an X account's followers: state and percent",
        querystring: followerFetchRequestSchema,
        response: { 200: followerFetchSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    async (request) => {
      await teamsService.access(requireUser(request), request.query.team);
      const found = await fetcherOr503().status(request.query.handle);
      if (!found) throw new NotFound();
      return found;
    },
  );
  done();
};
