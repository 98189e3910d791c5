import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  audienceUsageAutopilotSchema,
  audienceUsageSchema,
  audienceUsagesQuerySchema,
  checkCustomAudiencesResponseSchema,
  checkCustomAudiencesSchema,
  createAudienceUsageSchema,
  createUploadedAudienceSchema,
  japaneseAgreementSchema,
  reorderHandlesSchema,
  rotateShareLinkSchema,
  shareAudienceUsageSchema,
  shareLinkSchema,
  sharedAudienceUsageSchema,
  uploadedAudienceSchema,
  uploadedAudiencesQuerySchema,
  verifySignedUsageSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { pkParams, resourceRoutes, type ZodApp } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { AgreementService } from './agreement.service';
import type { UploadsService } from './uploads.service';
import type { UsagesService } from './usages.service';

/** Fastify sends a Buffer as is, not through the serializer. */
const sendXlsx = (reply: FastifyReply, file: { filename: string; body: Buffer }) =>
  reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);

const teamBody = z.object({ team: z.string().trim().min(1).max(100) });

/** Uploaded audiences, the custom-audience check, the Japanese agreement and audience usages. */
export const xAudiencesRoutes: FastifyPluginCallbackZod<{
  uploads: UploadsService;
  agreement: AgreementService;
  usages: UsagesService;
}> = (app, { uploads, agreement, usages }, done) => {
  registerUploadedAudienceRoutes(app, uploads);
  registerAgreementRoutes(app, agreement);
  registerUsageRoutes(app, usages);
  done();
};

/** Uploaded audiences and the custom-audience check. */
function registerUploadedAudienceRoutes(app: ZodApp, uploads: UploadsService) {
  const tags = ['uploaded-audiences'];

  const uploaded = { path: '/api/uploaded-audiences/', tags, item: uploadedAudienceSchema };
  resourceRoutes(app, {
    ...uploaded,
    create: {
      summary: "Upload a saved audience to a team's granted X ad account as a custom audience",
      body: createUploadedAudienceSchema,
      errors: errorResponses(400, 403, 404, 503),
      handler: (user, body) => uploads.create(user, body),
    },
  });
  resourceRoutes(app, {
    ...uploaded,
    list: {
      summary: "A team's uploaded audiences, with X's processing state (asked again while processing)",
      querystring: uploadedAudiencesQuerySchema,
      errors: errorResponses(400, 403, 404),
      handler: (user, query) => uploads.list(user, query.team),
    },
    get: {
      summary: 'One uploaded audience',
      errors: errorResponses(403, 404),
      handler: (user, pk) => uploads.get(user, pk),
    },
    remove: {
      summary: 'Delete an uploaded audience (and its custom audience on X)',
      errors: errorResponses(400, 403, 404),
      handler: (user, pk) => uploads.remove(user, pk),
    },
  });

  app.post(
    '/api/external/check-custom-audiences/',
    {
      schema: {
        tags,
        summary: 'Whether custom audiences of an ad account are targetable on X (SPEC §7)',
        body: checkCustomAudiencesSchema,
        response: { 200: checkCustomAudiencesResponseSchema, ...errorResponses(400, 403, 503) },
      },
      // The X Pro Targeting extension makes this call with its extension token (SPEC §6).
      config: { auth: 'signed-in', extensionToken: true },
    },
    (request) => uploads.check(requireUser(request), request.body),
  );
}

/** The Japanese agreement of a team. */
function registerAgreementRoutes(app: ZodApp, agreement: AgreementService) {
  app.get(
    '/api/japanese-agreement/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['japanese-agreement'],
        summary: 'Whether the Japanese agreement applies and the team accepted it (who, when)',
        querystring: teamBody,
        response: { 200: japaneseAgreementSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => agreement.get(requireUser(request), request.query.team),
  );

  app.post(
    '/api/japanese-agreement/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['japanese-agreement'],
        summary: 'A team admin accepts the Japanese agreement for the team',
        body: teamBody,
        response: { 200: japaneseAgreementSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => agreement.accept(requireUser(request), request.body.team),
  );
}

/** Audience usages: the applied packages, their sharing, restoring, handles, autopilot and sheet. */
/** A usage's share link: rotate and revoke (docs/API-AUDIENCES.md "Share links"). */
function registerShareLinkRoutes(app: ZodApp, usages: UsagesService, usageTags: string[], base: string) {
  app.post(
    `${base}/:pk/share-link/rotate/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: usageTags,
        summary: 'A new share link for the usage; the old one stops working at once',
        params: pkParams,
        body: rotateShareLinkSchema,
        response: { 200: shareLinkSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => usages.rotateLink(requireUser(request), request.params.pk, request.body.expires_in_days),
  );

  app.delete(
    `${base}/:pk/share-link/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: usageTags,
        summary: 'Revoke the usage’s share link (sharing again makes a new one)',
        params: pkParams,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await usages.revokeLink(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );
}

function registerUsageRoutes(app: ZodApp, usages: UsagesService) {
  const usageTags = ['audience-usages'];
  const base = '/api/external/audience-usages';

  const usage = { path: `${base}/`, tags: usageTags, item: audienceUsageSchema };
  resourceRoutes(app, {
    ...usage,
    list: {
      summary: "The caller's audience usages (applied packages)",
      querystring: audienceUsagesQuerySchema,
      errors: errorResponses(400, 403),
      handler: (user, query) => usages.list(user, query.deleted === 'true'),
    },
    create: {
      summary: 'Record a targeting package applied to an ad account (state "applied")',
      body: createAudienceUsageSchema,
      errors: errorResponses(400, 403, 404),
      config: { extensionToken: true },
      handler: (user, body) => usages.create(user, body),
    },
  });

  app.get(
    `${base}/shared-with/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: usageTags,
        summary: 'Usages shared with the caller’s address',
        response: { 200: z.array(audienceUsageSchema), ...errorResponses(403) },
      },
    },
    (request) => usages.sharedWith(requireUser(request)),
  );

  app.post(
    `${base}/verify_signed/`,
    {
      schema: {
        tags: usageTags,
        summary:
          'The usage behind a signed share link, without its recipients (404 when the signature is not the current link’s, 410 when the link has expired)',
        body: verifySignedUsageSchema,
        response: { 200: audienceUsageSchema, ...errorResponses(400, 404, 410) },
      },
    },
    (request) => usages.verifySigned(request.body.id, request.body.signature),
  );

  resourceRoutes(app, {
    ...usage,
    get: {
      summary: 'One of the caller’s usages',
      errors: errorResponses(403, 404),
      handler: (user, pk) => usages.get(user, pk),
    },
    remove: {
      summary: 'Delete a usage (it can be restored)',
      errors: errorResponses(403, 404),
      handler: (user, pk) => usages.remove(user, pk),
    },
  });

  app.post(
    `${base}/:pk/restore/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: usageTags,
        summary: 'Restore a deleted usage',
        params: pkParams,
        response: { 200: audienceUsageSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => usages.restore(requireUser(request), request.params.pk),
  );

  app.post(
    `${base}/:pk/share/`,
    {
      schema: {
        tags: usageTags,
        summary: 'Share a usage with addresses; answers the signature of its share link and when it expires',
        params: pkParams,
        body: shareAudienceUsageSchema,
        response: { 200: sharedAudienceUsageSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) =>
      usages.share(
        requireUser(request),
        request.params.pk,
        request.body.emails,
        request.body.expires_in_days,
      ),
  );

  registerShareLinkRoutes(app, usages, usageTags, base);

  app.post(
    `${base}/:pk/reorder-handles/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: usageTags,
        summary: "Put the package's handles in a new order (the first 100 are the ones applied)",
        params: pkParams,
        body: reorderHandlesSchema,
        response: { 200: audienceUsageSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => usages.reorderHandles(requireUser(request), request.params.pk, request.body.handles),
  );

  app.post(
    `${base}/:pk/autopilot/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: usageTags,
        summary: 'Re-apply the package to a line item every N hours (null stops it)',
        params: pkParams,
        body: audienceUsageAutopilotSchema,
        response: { 200: audienceUsageSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => usages.autopilot(requireUser(request), request.params.pk, request.body),
  );

  app.get(
    `${base}/:pk/sheet/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: usageTags,
        summary: 'The usage’s targeting package as an XLSX spreadsheet',
        params: pkParams,
        response: { 200: z.string().describe('XLSX file'), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      return sendXlsx(reply, await usages.sheet(requireUser(request), request.params.pk));
    },
  );
}
