import type { FastifyPluginAsync } from 'fastify';
import type { XContext } from './context';
import { registerEngagers } from './engagers';
import { registerFollows } from './follows';
import { registerListMembers } from './list-members';
import { registerLists } from './lists';
import { registerPostDelete } from './post-delete';
import { registerPostLookups } from './post-lookup';
import { PROBLEMS, XProblem, invalidRequest } from './problems';
import { registerSearch } from './search-recent';
import { registerStreams, xDate } from './streams';
import { ActivitySubscriptions, registerActivitySubscriptions } from './activity';
import { registerUserLookups } from './users-lookup';
import { registerUserPosts } from './user-posts';

/** X API v2 (mounted at /x/2): every endpoint, X's error shapes, X's 404 for unknown paths. */
export function xApiV2(ctx: XContext): FastifyPluginAsync {
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
  return async (app) => {
    // X's answers are dated by X's clock (RFC 9110 Date); here X's clock is the simulated one, so
    // that a client telling X's time by it (the collector on a restart) sees the sandbox's.
    app.addHook('onRequest', (_request, reply, done) => {
      void reply.header('date', xDate(ctx.net));
      done();
    });
    app.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof XProblem)
        return reply
          .code(error.status)
          .header(
            'content-type',
            error.status === 400 ? 'application/json; charset=utf-8' : 'application/problem+json',
          )
          .send(error.body);
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      const message = error instanceof Error ? error.message : String(error);
      // Fastify's own 4xx (a malformed JSON body, a wrong content type) become X's invalid-request.
      if (status < 500) return reply.code(400).send(invalidRequest([{ parameters: {}, message }]).body);
      request.log.error(error);
      return reply
        .code(500)
        .header('content-type', 'application/problem+json')
        .send({ title: 'Internal Server Error', type: 'about:blank', status: 500, detail: message });
    });
    // X's 404: the document's Problem (ResourceNotFoundProblem) carrying X's legacy error (code 34)
    // that its live API still sends and client libraries read.
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({
        errors: [{ message: 'Sorry, that page does not exist', code: 34 }],
        title: 'Not Found Error',
        type: `${PROBLEMS}resource-not-found`,
        status: 404,
        detail: 'Sorry, that page does not exist',
        resource_type: 'endpoint',
        parameter: 'path',
        value: request.url.split('?')[0]!,
      }),
    );
    // A server around the sandbox may own a catch-all GET (the web app's SPA fallback): its route
    // would take unknown GETs here to its own not-found body. This scope's wildcard keeps them
    // (find-my-way prefers the longer static prefix) and hands them to X's 404 above.
    app.route({ method: ['GET', 'HEAD'], url: '/*', handler: (_request, reply) => reply.callNotFound() });
    registerUserLookups(app, ctx);
    registerFollows(app, ctx);
    registerUserPosts(app, ctx);
    registerSearch(app, ctx);
    registerEngagers(app, ctx);
    registerLists(app, ctx);
    registerListMembers(app, ctx);
    registerPostLookups(app, ctx);
    registerPostDelete(app, ctx);
    const activity = new ActivitySubscriptions();
    registerActivitySubscriptions(app, ctx, activity, () => ctx.auth.now());
    registerStreams(app, ctx, activity, ctx.streams);
  };
}
