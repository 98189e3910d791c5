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
  shareAudienceUsageSchema,
  sharedAudienceUsageSchema,
  uploadedAudienceSchema,
  uploadedAudiencesQuerySchema,
  verifySignedUsageSchema,
} from '@murmur/core/api';
import { MAX_DB_ID } from '../../lib/db-id';
import { errorResponses } from '../../lib/http';
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

const pkParams = z.object({ pk: z.coerce.number().int().positive().max(MAX_DB_ID) });
const teamBody = z.object({ team: z.string().trim().min(1).max(100) });

/** Uploaded audiences, the custom-audience check, the Japanese agreement and audience usages. */
export const xAudiencesRoutes: FastifyPluginCallbackZod<{
  uploads: UploadsService;
  agreement: AgreementService;
  usages: UsagesService;
}> = (app, { uploads, agreement, usages }, done) => {
  const tags = ['uploaded-audiences'];

  app.post(
    '/api/uploaded-audiences/',
    {
      schema: {
        tags,
        summary: "Upload a saved audience to a team's granted X ad account as a custom audience",
        body: createUploadedAudienceSchema,
        response: { 201: uploadedAudienceSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await uploads.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/uploaded-audiences/',
    {
      schema: {
        tags,
        summary: "A team's uploaded audiences, with X's processing state (asked again while processing)",
        querystring: uploadedAudiencesQuerySchema,
        response: { 200: z.array(uploadedAudienceSchema), ...errorResponses(400, 403, 404) },
      },
    },
    (request) => uploads.list(requireUser(request), request.query.team),
  );

  app.get(
    '/api/uploaded-audiences/:pk/',
    {
      schema: {
        tags,
        summary: 'One uploaded audience',
        params: pkParams,
        response: { 200: uploadedAudienceSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => uploads.get(requireUser(request), request.params.pk),
  );

  app.delete(
    '/api/uploaded-audiences/:pk/',
    {
      schema: {
        tags,
        summary: 'Delete an uploaded audience (and its custom audience on X)',
        params: pkParams,
        response: { 204: z.null(), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await uploads.remove(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );

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
      config: { extensionToken: true },
    },
    (request) => uploads.check(requireUser(request), request.body),
  );

  app.get(
    '/api/japanese-agreement/',
    {
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
      schema: {
        tags: ['japanese-agreement'],
        summary: 'A team admin accepts the Japanese agreement for the team',
        body: teamBody,
        response: { 200: japaneseAgreementSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => agreement.accept(requireUser(request), request.body.team),
  );

  const usageTags = ['audience-usages'];
  const base = '/api/external/audience-usages';

  app.get(
    `${base}/`,
    {
      schema: {
        tags: usageTags,
        summary: "The caller's audience usages (applied packages)",
        querystring: audienceUsagesQuerySchema,
        response: { 200: z.array(audienceUsageSchema), ...errorResponses(400, 403) },
      },
    },
    (request) => usages.list(requireUser(request), request.query.deleted === 'true'),
  );

  app.post(
    `${base}/`,
    {
      schema: {
        tags: usageTags,
        summary: 'Record a targeting package applied to an ad account (state "applied")',
        body: createAudienceUsageSchema,
        response: { 201: audienceUsageSchema, ...errorResponses(400, 403, 404) },
      },
      config: { extensionToken: true },
    },
    async (request, reply) => reply.status(201).send(await usages.create(requireUser(request), request.body)),
  );

  app.get(
    `${base}/shared-with/`,
    {
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
        summary: 'The usage behind a signed share link (404 when the signature does not match)',
        body: verifySignedUsageSchema,
        response: { 200: audienceUsageSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => usages.verifySigned(request.body.id, request.body.signature),
  );

  app.get(
    `${base}/:pk/`,
    {
      schema: {
        tags: usageTags,
        summary: 'One of the caller’s usages',
        params: pkParams,
        response: { 200: audienceUsageSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => usages.get(requireUser(request), request.params.pk),
  );

  app.delete(
    `${base}/:pk/`,
    {
      schema: {
        tags: usageTags,
        summary: 'Delete a usage (it can be restored)',
        params: pkParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await usages.remove(requireUser(request), request.params.pk);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/:pk/restore/`,
    {
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
        summary: 'Share a usage with addresses; answers the signature of its share link',
        params: pkParams,
        body: shareAudienceUsageSchema,
        response: { 200: sharedAudienceUsageSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => usages.share(requireUser(request), request.params.pk, request.body.emails),
  );

  app.post(
    `${base}/:pk/reorder-handles/`,
    {
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
  done();
};
