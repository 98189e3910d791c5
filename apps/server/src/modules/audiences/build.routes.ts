import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  autocompleteRequestSchema,
  autocompleteResponseSchema,
  buildAudienceSchema,
  estimateSchema,
} from '@murmur/core/api';
import { isPromise } from '@murmur/engine';
import type { FastifyReply } from 'fastify';
import type { SizedEstimate } from '../../engine/estimate-cache';
import { errorResponses } from '../../lib/http';
import type { AudienceConfigsService } from './audience-configs.service';
import type { AutocompleteService } from './autocomplete.service';

/** Public: the size of a package while it is built, and suggestions for its fields. */
export const buildRoutes: FastifyPluginCallbackZod<{
  configsService: AudienceConfigsService;
  autocompleteService: AutocompleteService;
}> = (app, { configsService, autocompleteService }, done) => {
  const tags = ['audiences'];

  app.post(
    '/api/build-audience/',
    {
      schema: {
        tags,
        summary: 'Size of a targeting package; exclusions are audience configs the caller may read',
        body: buildAudienceSchema,
        response: { 200: estimateSchema, ...errorResponses(400, 404, 503) },
      },
    },
    (request, reply) => {
      const user = request.principal.kind === 'user' ? request.principal.user : undefined;
      const answer = configsService.build(user, request.body.targeting_package, request.body.exclusions);
      return isPromise(answer)
        ? answer.then((sized) => sendEstimate(reply, sized))
        : sendEstimate(reply, answer);
    },
  );

  app.post(
    '/api/audience-configs/autocomplete/',
    {
      schema: {
        tags,
        summary: 'Suggestions for a package field: handles most followed first, terms most used first',
        body: autocompleteRequestSchema,
        response: { 200: autocompleteResponseSchema, ...errorResponses(400, 503) },
      },
    },
    (request) => autocompleteService.suggest(request.body.field, request.body.q, request.body.limit),
  );
  done();
};

/**
 * The estimate's body, checked against estimateSchema and serialised once per estimate
 * (engine/estimate-cache.ts): a JSON string is sent as it is, without the route's serialiser.
 */
function sendEstimate(reply: FastifyReply, { body }: SizedEstimate): void {
  void reply.header('content-type', 'application/json; charset=utf-8').send(body);
}
