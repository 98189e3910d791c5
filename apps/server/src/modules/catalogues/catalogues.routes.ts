import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  catalogueSearchSchema,
  conversationTopicsResponseSchema,
  interestsResponseSchema,
  jobTitlesResponseSchema,
  languagesResponseSchema,
  locationsQuerySchema,
  locationsResponseSchema,
  moviesTvShowsResponseSchema,
  networkOperatorsQuerySchema,
  networkOperatorsResponseSchema,
  geoLocationSchema,
  targetingCountriesResponseSchema,
} from '@murmur/core/api';
import type { z } from 'zod';
import { errorResponses } from '../../lib/http';
import type { CataloguesService, SearchableCatalogue } from './catalogues.service';
import { geoLocate } from './geo-location';

/** Path segment → response key and schema of each searchable catalogue (SPEC §7). */
const SEARCHES: readonly [path: string, key: SearchableCatalogue, response: z.ZodType][] = [
  ['interests', 'interests', interestsResponseSchema],
  ['conversation-topics', 'conversation_topics', conversationTopicsResponseSchema],
  ['movies-tv-shows', 'movies_tv_shows', moviesTvShowsResponseSchema],
  ['network-operators', 'network_operators', networkOperatorsResponseSchema],
];

/** Public catalogue lists and searches (docs/API-AUDIENCES.md "Catalogues"); 503 while the engine loads. */
export const cataloguesRoutes: FastifyPluginCallbackZod<{ cataloguesService: CataloguesService }> = (
  app,
  { cataloguesService: service },
  done,
) => {
  const tags = ['catalogues'];
  const list = (summary: string, response: z.ZodType) => ({
    schema: { tags, summary, response: { 200: response, ...errorResponses(503) } },
  });

  app.get('/api/external/languages/', list('Languages with sizes', languagesResponseSchema), () => ({
    languages: service.list('languages'),
  }));
  app.get(
    '/api/external/interests/',
    list('Interests ("Category/Subcategory")', interestsResponseSchema),
    () => ({
      interests: service.list('interests'),
    }),
  );
  app.get(
    '/api/external/conversation-topics/',
    list('Conversation topics (category: conversation type)', conversationTopicsResponseSchema),
    () => ({ conversation_topics: service.list('conversations') }),
  );
  app.get(
    '/api/external/movies-tv-shows/',
    list('Movies and TV shows (category: genre)', moviesTvShowsResponseSchema),
    () => ({ movies_tv_shows: service.list('movies_and_tv_shows') }),
  );
  app.get(
    '/api/external/network-operators/',
    {
      schema: {
        tags,
        summary: 'Network operators (category: country code), optionally of one country',
        querystring: networkOperatorsQuerySchema,
        response: { 200: networkOperatorsResponseSchema, ...errorResponses(400, 503) },
      },
    },
    (request) => ({ network_operators: service.networkOperators(request.query.country) }),
  );

  for (const [path, key, response] of SEARCHES) {
    app.post(
      `/api/external/${path}/search/`,
      {
        schema: {
          tags,
          summary: `Search ${path.replaceAll('-', ' ')}: best matches first, at most 50`,
          body: catalogueSearchSchema,
          response: { 200: response, ...errorResponses(400, 503) },
        },
      },
      (request) => ({ [key]: service.search(key, request.body.keywords) }),
    );
  }

  app.get(
    '/api/external/locations/',
    {
      schema: {
        tags,
        summary: 'Locations (countries, regions, US metros, cities) by name, with type and country code',
        querystring: locationsQuerySchema,
        response: { 200: locationsResponseSchema, ...errorResponses(400, 503) },
      },
    },
    (request) => ({ locations: service.locations(request.query) }),
  );

  app.get(
    '/api/targeting-countries/',
    {
      schema: {
        tags,
        summary: 'SPEC §4 country list of the targeting service (fetched once by the web app)',
        response: { 200: targetingCountriesResponseSchema },
      },
    },
    () => ({ countries: service.targetingCountries() }),
  );

  // The targeting service's lists (SPEC §7 "A second API root serves the targeting service"): the
  // same catalogues as /api/external/, under the paths the targeting service names them by.
  app.get(
    '/api/targeting-interests/',
    list('Interests of the targeting service ("Category/Subcategory")', interestsResponseSchema),
    () => ({ interests: service.list('interests') }),
  );
  app.get(
    '/api/targeting-locations/',
    {
      schema: {
        tags,
        summary: 'Locations of the targeting service, by name, with type and country code',
        querystring: locationsQuerySchema,
        response: { 200: locationsResponseSchema, ...errorResponses(400, 503) },
      },
    },
    (request) => ({ locations: service.locations(request.query) }),
  );
  app.get(
    '/api/geo-location/',
    {
      schema: {
        tags,
        summary: "The visitor's likely country (edge country header, else the browser language's region)",
        response: { 200: geoLocationSchema },
      },
    },
    (request) => geoLocate(request.headers),
  );

  app.get(
    '/api/external/job-titles/',
    {
      schema: {
        tags,
        summary: 'SPEC §3 job-title tree',
        response: { 200: jobTitlesResponseSchema },
      },
    },
    () => service.jobTitles(),
  );
  done();
};
