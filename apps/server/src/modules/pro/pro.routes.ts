import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerAudienceRequestSchema,
  audienceRequestFeedbackSchema,
  audienceRequestListSchema,
  audienceRequestSchema,
  competitorAnalysisResultSchema,
  createAudienceRequestSchema,
  imageDownloadQuerySchema,
  marketingMaterialParamsSchema,
  marketingMaterialsQuerySchema,
  marketingMaterialsSchema,
  summaryPdfSchema,
  validateAdAccountResponseSchema,
  validateAdAccountSchema,
  validateEmailResponseSchema,
  validateEmailSchema,
  validateHandleResponseSchema,
  validateHandleSchema,
  verifyAudienceRequestSchema,
  xstatsQuerySchema,
  xstatsSchema,
  emailSchema,
  createMonitorSchema,
  monitorSchema,
  monitorsSchema,
  weeklyResultsSchema,
  shareListResponseSchema,
  shareListSchema,
  shareViaAccountSchema,
  shareOfferSchema,
  audienceConfigSchema,
  languageSchema,
} from '@murmur/core/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import type { JobQueue } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { MAX_DB_ID } from '../../lib/db-id';
import { errorResponses } from '../../lib/http';
import { pkParams, type ZodApp } from '../../lib/resource-routes';
import { preferredLanguage } from '../../lib/language';
import { requireUser } from '../../plugins/auth';
import { normalizeIP } from '@fastify/rate-limit';
import { minutes, rateLimitCounter, rateLimitHook } from '../../plugins/rate-limit';
import { PIXELS_PER_CLIENT, PIXELS_WINDOW_MS, type createImageDownloader } from './image-downloader';
import { listMaterials, materialPdf } from './materials';
import type { RequestsService } from './requests.service';
import type { ShareService } from './share.service';
import type { ListShareLinks } from './list-share-links';
import { registerListShareLinkRoutes } from './list-share-links.routes';
import type { MonitorsService } from './monitors.service';
import { competitorSummaryPdf } from './summary-pdf';
import type { XstatsService } from './xstats.service';

const tags = ['pro-targeting'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_DB_ID) });
/** A binary answer (PDF, PNG, zip) in the OpenAPI document. */
const binary = z.string().describe('binary file');

const callerOf = (request: FastifyRequest): UserRow | undefined =>
  request.principal.kind === 'user' ? request.principal.user : undefined;

/** Answers a file as an attachment; Fastify sends a Buffer as is, not through the serializer. */
const sendFile = (reply: FastifyReply, file: { filename: string; type: string; body: Buffer }) =>
  reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);

interface ProRoutesOptions {
  requestsService: RequestsService;
  shareService: ShareService;
  listShareLinks: ListShareLinks;
  monitorsService: MonitorsService;
  xstatsService: XstatsService;
  imageDownloader: ReturnType<typeof createImageDownloader>;
  validateHandle: (handle: string) => z.output<typeof validateHandleResponseSchema>;
  jobs: JobQueue;
  clock: Clock;
}

type MailsPerIp = ReturnType<typeof rateLimitHook>;

/** The pro-targeting site's own API under /api/external/ (docs/API-AUDIENCES.md "Pro-targeting site"). */
export const proRoutes: FastifyPluginCallbackZod<ProRoutesOptions> = (app, options, done) => {
  // Requests and shares mail addresses a visitor typed: one client may not mail many (docs/API.md "Limits").
  const mailsPerIp = rateLimitHook(app, {
    name: 'pro-mails',
    max: 30,
    windowMs: 15 * 60 * 1000,
    message: (m) => `Too many requests were sent from your network. Please try again in ${minutes(m)}.`,
  });
  registerRequestRoutes(app, options, mailsPerIp);
  registerShareAndMonitorRoutes(app, options, mailsPerIp);
  registerListShareLinkRoutes(app, options.listShareLinks);
  registerFileRoutes(app, options);
  registerImageDownloaderRoutes(app, options);
  done();
};

function registerRequestRoutes(
  app: ZodApp,
  { requestsService: requests, validateHandle }: ProRoutesOptions,
  mailsPerIp: MailsPerIp,
) {
  // ---- audience requests ----
  app.post(
    '/api/external/audience-requests/',
    {
      schema: {
        tags,
        summary: 'Request an audience, a download or access; a verification mail goes to the requester',
        body: createAudienceRequestSchema,
        response: { 201: audienceRequestSchema, ...errorResponses(400, 429) },
      },
      preHandler: mailsPerIp,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requests.create(
            request.body,
            callerOf(request),
            preferredLanguage(request.headers['accept-language']),
          ),
        ),
  );
  app.post(
    '/api/external/audience-requests/verify/',
    {
      schema: {
        tags,
        summary: 'Confirm a request by the token mailed to the requester (request-verification)',
        body: verifyAudienceRequestSchema,
        response: { 200: audienceRequestSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => requests.verify(request.body.token),
  );
  app.post(
    '/api/external/audience-requests/feedback/',
    {
      schema: {
        tags,
        summary: "The requester's rating of the answer (token from the answer mail)",
        body: audienceRequestFeedbackSchema,
        response: { 200: audienceRequestSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => requests.feedback(request.body.token, request.body.rating, request.body.comment),
  );
  app.post(
    '/api/external/audience-requests/validate-email/',
    {
      schema: {
        tags,
        summary: 'Whether an address is a valid email address (SPEC §5)',
        body: validateEmailSchema,
        response: { 200: validateEmailResponseSchema, ...errorResponses(400) },
      },
    },
    (request) => {
      const parsed = emailSchema.safeParse(request.body.email);
      return { valid: parsed.success, email: parsed.success ? parsed.data : request.body.email.trim() };
    },
  );
  app.post(
    '/api/external/audience-requests/validate-handle/',
    {
      schema: {
        tags,
        summary: 'Whether a handle exists on the network',
        body: validateHandleSchema,
        response: { 200: validateHandleResponseSchema, ...errorResponses(400, 503) },
      },
    },
    (request) => validateHandle(request.body.handle),
  );
  app.post(
    '/api/external/audience-requests/validate-ad-account/',
    {
      schema: {
        tags,
        summary: 'Whether the signed-in caller has access to the ad account (false when signed out)',
        body: validateAdAccountSchema,
        response: { 200: validateAdAccountResponseSchema, ...errorResponses(400) },
      },
    },
    (request) => requests.validateAdAccount(callerOf(request), request.body.ad_account_id),
  );
  app.get(
    '/api/external/audience-requests/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Confirmed requests, newest first (internal staff only)',
        response: { 200: audienceRequestListSchema, ...errorResponses(403) },
      },
    },
    async (request) => ({ results: await requests.list(requireUser(request)) }),
  );
  app.post(
    '/api/external/audience-requests/:id/answer/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Answer a confirmed request; the answer is mailed to the requester (internal staff only)',
        params: idParams,
        body: answerAudienceRequestSchema,
        response: { 200: audienceRequestSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => requests.answer(requireUser(request), request.params.id, request.body.answer),
  );
}

function registerShareAndMonitorRoutes(
  app: ZodApp,
  { shareService, monitorsService: monitors }: ProRoutesOptions,
  mailsPerIp: MailsPerIp,
) {
  // ---- lists: share a saved or targeting list by mail ----
  app.post(
    '/api/external/audience-configs/share/',
    {
      schema: {
        tags,
        summary: 'Mail a saved or targeting list to people, as a link that opens it in the audience builder',
        body: shareListSchema,
        response: { 200: shareListResponseSchema, ...errorResponses(400, 403, 404, 429) },
      },
      preHandler: mailsPerIp,
    },
    (request) =>
      shareService.share(
        requireUser(request),
        request.body.audience_config_id,
        request.body.emails,
        request.body.expires_in_days,
      ),
  );

  app.post(
    '/api/external/audience-configs/share-via-account/',
    {
      schema: {
        tags,
        summary:
          'Share via account: offer a saved or targeting list to the account of an address, which accepts or declines it (the same answer whether or not the account exists)',
        body: shareViaAccountSchema,
        response: { 200: shareListResponseSchema, ...errorResponses(400, 403, 404, 429) },
      },
      preHandler: mailsPerIp,
    },
    (request) =>
      shareService.shareViaAccount(requireUser(request), request.body.audience_config_id, request.body.email),
  );

  app.get(
    '/api/external/audience-configs/share-offers/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Lists other accounts offered to the caller, waiting to be accepted or declined',
        response: { 200: z.array(shareOfferSchema), ...errorResponses(403) },
      },
    },
    (request) => shareService.pendingOffers(requireUser(request)),
  );

  app.post(
    '/api/external/audience-configs/share-offers/:pk/accept/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Accept a list offered to the caller: it is copied into the caller's lists",
        params: pkParams,
        response: { 200: audienceConfigSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => shareService.acceptOffer(requireUser(request), request.params.pk),
  );

  app.post(
    '/api/external/audience-configs/share-offers/:pk/decline/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Decline a list offered to the caller: the offer is deleted',
        params: pkParams,
        response: { 204: z.null().describe('Declined'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await shareService.declineOffer(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );

  // ---- monitors and the weekly results monitor ----
  app.get(
    '/api/external/monitors/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The caller's watched audiences",
        response: { 200: monitorsSchema, ...errorResponses(403) },
      },
    },
    async (request) => ({ results: await monitors.list(requireUser(request)) }),
  );
  app.post(
    '/api/external/monitors/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Watch an audience: its size is measured now and mailed weekly with its change',
        body: createMonitorSchema,
        response: { 201: monitorSchema, ...errorResponses(400, 403, 503) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await monitors.create(requireUser(request), request.body.name, request.body.targeting_package)),
  );
  app.delete(
    '/api/external/monitors/:id/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Stop watching',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await monitors.remove(requireUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/api/external/weekly-results-monitor/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Run the weekly results monitor now for monitors due (internal staff only)',
        response: { 200: weeklyResultsSchema, ...errorResponses(403, 503) },
      },
    },
    (request) => monitors.runNow(requireUser(request)),
  );
}

/** xstats, the marketing materials and the summary PDF. */
function registerFileRoutes(app: ZodApp, { xstatsService, jobs, clock }: ProRoutesOptions) {
  // ---- xstats ----
  app.get(
    '/api/external/xstats/',
    {
      schema: {
        tags,
        summary: "Usage figures of the network, or of one country's accounts",
        querystring: xstatsQuerySchema,
        response: { 200: xstatsSchema, ...errorResponses(400, 404, 503) },
      },
    },
    (request) => xstatsService.get(request.query.country),
  );

  // ---- marketing materials ----
  app.get(
    '/api/external/marketing-materials/',
    {
      schema: {
        tags,
        summary: 'Marketing materials, by content type (SPEC §3)',
        querystring: marketingMaterialsQuerySchema,
        response: { 200: marketingMaterialsSchema, ...errorResponses(400) },
      },
    },
    (request) => ({ results: listMaterials(request.query.language, request.query.content_type) }),
  );
  app.get(
    '/api/external/marketing-materials/:slug/download/',
    {
      schema: {
        tags,
        summary: 'A marketing material as a PDF',
        params: marketingMaterialParamsSchema,
        querystring: z.object({ language: languageSchema.default('en') }),
        response: { 200: binary, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const file = await materialPdf(request.params.slug, request.query.language);
      return sendFile(reply, { ...file, type: 'application/pdf' });
    },
  );

  // ---- the pro-targeting summary PDF of a competitor analysis ----
  app.get(
    '/api/external/pro-targeting-summary-pdf/',
    {
      schema: {
        tags,
        summary: 'The summary PDF of a finished competitor-analysis job (a link the browser downloads)',
        querystring: summaryPdfSchema,
        response: { 200: binary, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const job = await jobs.get(request.query.job_id);
      if (!job || job.kind !== 'competitor-analysis') throw new NotFound('No such competitor analysis.');
      if (job.state !== 'done') {
        throw new BadRequest({ job_id: ['The competitor analysis has not finished yet.'] });
      }
      const result = competitorAnalysisResultSchema.parse(job.result);
      const file = await competitorSummaryPdf(result, request.query.language, clock.now());
      return sendFile(reply, { ...file, type: 'application/pdf' });
    },
  );
}

function registerImageDownloaderRoutes(app: ZodApp, { imageDownloader }: ProRoutesOptions) {
  // ---- image downloader ----
  // Converting images is the costliest thing a caller can ask for in one request: pixels are
  // counted per client, in megapixels, and refused beyond the budget (docs/API.md "Limits").
  const pixelsPerClient = rateLimitCounter(app, {
    name: 'image-megapixels',
    max: PIXELS_PER_CLIENT / 1_000_000,
    windowMs: PIXELS_WINDOW_MS,
    key: (request) =>
      request.principal.kind === 'user'
        ? `user:${request.principal.user.id}`
        : `ip:${normalizeIP(request.ip)}`,
    message: (m) => `Too many images were converted. Please try again in ${minutes(m)}.`,
  });
  app.get(
    '/api/external/image-downloader/',
    {
      schema: {
        tags,
        summary: 'An image of this site or X as PNG; several `url`s as a zip of PNGs',
        querystring: imageDownloadQuerySchema,
        response: { 200: binary, ...errorResponses(400, 403, 429) },
      },
      // Before validation (auth answers first): a signed-in user, or the pro site's fixed token
      // that its signed-out visitors carry (SPEC §6).
      onRequest: (request, _reply, done) => {
        const p = request.principal;
        if (p.kind === 'client' && p.client === 'pro-targeting') return done();
        try {
          requireUser(request);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
    },
    async (request, reply) => {
      const urls = Array.isArray(request.query.url) ? request.query.url : [request.query.url];
      const file = await imageDownloader.download(urls, (pixels) =>
        pixelsPerClient(request, Math.ceil(pixels / 1_000_000)),
      );
      return sendFile(reply, file);
    },
  );
}
