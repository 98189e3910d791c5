import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  audienceConfigListSchema,
  type AudienceConfigList,
  audienceConfigQuerySchema,
  audienceConfigSchema,
  exclusionAudiencesSchema,
  insightsByConfigSchema,
  insightsPdfQuerySchema,
  insightsRequestSchema,
  insightsSchema,
  jobResponseSchema,
  jobWaitQuerySchema,
  perspectivesRequestSchema,
  saveAudienceConfigSchema,
} from '@murmur/core/api';
import { targetingPackageSchema } from '@murmur/core/targeting';
import type { JobQueue } from '../../jobs/jobs';
import { jobCaller } from '../../jobs/job-caller';
import { errorResponses } from '../../lib/http';
import { sendCached, serialized, type ReadCache } from '../../lib/read-cache';
import { pkParams, type ZodApp } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import { insightsPdf } from './insights-pdf';
import type { AudienceConfigsService } from './audience-configs.service';
import type { AudienceInsightsService } from './audience-insights.service';
import { sendJob, wantsWait } from '../../jobs/job-response';

const tags = ['audiences'];

/** The `next` page's URL: the same path and query with the offset moved on. */
function nextPage(url: string, offset: number, limit: number, count: number): string | null {
  if (offset + limit >= count) return null;
  const next = new URL(url, 'http://murmur.invalid');
  next.searchParams.set('offset', String(offset + limit));
  next.searchParams.set('limit', String(limit));
  return `${next.pathname}${next.search}`;
}

/** Saved audiences (audience configs) and their insights: signed-in users, owner or team members only. */
export const audienceConfigsRoutes: FastifyPluginCallbackZod<{
  configsService: AudienceConfigsService;
  insightsService: AudienceInsightsService;
  jobs: JobQueue;
  /** The saved lists' answers in memory (lib/read-cache.ts); none: every list is read. */
  listCache?: ReadCache;
}> = (app, { configsService, insightsService, jobs, listCache }, done) => {
  registerConfigRoutes(app, configsService, listCache);
  registerInsightRoutes(app, insightsService, jobs);
  done();
};

/** The audience configs: CRUD, the targeting package download and the exclusion audiences. */
function registerConfigRoutes(
  app: ZodApp,
  configsService: AudienceConfigsService,
  listCache: ReadCache | undefined,
) {
  app.get(
    '/api/audience-configs/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The caller's personal audience configs, or a team's with ?team=",
        querystring: audienceConfigQuerySchema,
        response: { 200: audienceConfigListSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const user = requireUser(request);
      const scope = await configsService.listScope(user, query);
      const sampling = configsService.sampling();
      // The answer as the route's schema serialises it, from memory while no table it was read from
      // has changed (lib/read-cache.ts); the key holds all it depends on.
      const load = async () => {
        const page = await configsService.list(user, query, scope, sampling);
        return serialized(reply, {
          ...page,
          next: nextPage(request.url, query.offset, query.limit, page.count),
        });
      };
      const key = `${scope.key} ${sampling.sampleSize} ${sampling.scale} ${request.url}`;
      if (!listCache)
        return sendCached<AudienceConfigList>(request, reply, { json: await load(), encoded: {} });
      return sendCached<AudienceConfigList>(request, reply, await listCache.read(key, load));
    },
  );

  app.post(
    '/api/audience-configs/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Save an audience; sizes are computed by the engine',
        body: saveAudienceConfigSchema,
        response: { 201: audienceConfigSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await configsService.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/audience-configs/:pk/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'An audience config of the caller or of one of their teams',
        params: pkParams,
        response: { 200: audienceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => configsService.get(requireUser(request), request.params.pk),
  );

  app.put(
    '/api/audience-configs/:pk/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Replace an audience config (sizes recomputed)',
        params: pkParams,
        body: saveAudienceConfigSchema,
        response: { 200: audienceConfigSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    (request) => configsService.update(requireUser(request), request.params.pk, request.body),
  );

  app.delete(
    '/api/audience-configs/:pk/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete an audience config',
        params: pkParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await configsService.remove(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/external/audience-configs/:pk/targeting-package/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The config's targeting package as a JSON attachment",
        params: pkParams,
        response: { 200: targetingPackageSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const file = await configsService.download(requireUser(request), request.params.pk);
      return reply.header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );

  app.get(
    '/api/external/exclusion-audiences/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Audience configs in the "Exclusion Audience" category (the caller\'s and their teams\')',
        response: { 200: exclusionAudiencesSchema, ...errorResponses(403) },
      },
    },
    (request) => configsService.exclusionAudiences(requireUser(request)),
  );
}

/** Answers a PDF as an attachment; Fastify sends a Buffer as is, not through the serializer. */
const sendPdf = (reply: FastifyReply, file: { filename: string; body: Buffer }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);

/** Insights and perspectives jobs, and the stored insights of a config. */
function registerInsightRoutes(app: ZodApp, insightsService: AudienceInsightsService, jobs: JobQueue) {
  app.post(
    '/api/audience-configs/insights/',
    {
      schema: {
        tags,
        summary: 'Start an insights report (a job); with audience_config_id the result is stored',
        querystring: jobWaitQuerySchema,
        body: insightsRequestSchema,
        response: {
          200: jobResponseSchema,
          202: jobResponseSchema,
          ...errorResponses(400, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const job = await insightsService.startInsights(requireUser(request), request.body, jobCaller(request));
      return sendJob(reply, jobs, job, wantsWait(request.query));
    },
  );

  app.post(
    '/api/audience-configs/perspectives/',
    {
      schema: {
        tags,
        summary: 'Compare two audiences (a job): overlap and differences',
        querystring: jobWaitQuerySchema,
        body: perspectivesRequestSchema,
        response: {
          200: jobResponseSchema,
          202: jobResponseSchema,
          ...errorResponses(400, 403, 404, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const job = await insightsService.startPerspectives(
        requireUser(request),
        request.body,
        jobCaller(request),
      );
      return sendJob(reply, jobs, job, wantsWait(request.query));
    },
  );

  app.get(
    '/api/audience-insight/:pk/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'The stored insights of an audience config (404 when none yet)',
        params: pkParams,
        response: { 200: insightsSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => insightsService.stored(requireUser(request), request.params.pk),
  );

  app.get(
    '/api/audience-insights/:pk/by_config/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'An audience config with its stored insights, if any',
        params: pkParams,
        response: { 200: insightsByConfigSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => insightsService.byConfig(requireUser(request), request.params.pk),
  );

  // The report as a PDF in the asker's language, against the baseline its job was asked for.
  // Signed-out callers (a public report's job) get the tabs a signed-out visitor sees (SPEC §6).
  app.get(
    '/api/audience-insights/pdf/',
    {
      schema: {
        tags,
        summary:
          "An insights report as a PDF: a finished insights job's (any baseline) or a saved audience's stored one",
        querystring: insightsPdfQuerySchema,
        response: { 200: z.string().describe('binary file'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = request.principal.kind === 'user' ? request.principal.user : undefined;
      const source = await insightsService.pdfSource(user, request.query);
      const file = await insightsPdf({
        ...source,
        language: request.query.language,
        publicOnly: user === undefined,
      });
      return sendPdf(reply, file);
    },
  );
}
