import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  helpArticleListSchema,
  helpArticleParamsSchema,
  helpArticleQuerySchema,
  helpArticleSchema,
  helperDocumentDownloadQuerySchema,
  helperDocumentDownloadSchema,
  helperDocumentSchema,
  helperDocumentsQuerySchema,
  helpQuerySchema,
  languageSchema,
} from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import type { HelpService } from './help.service';

const binary = z.string().describe('binary file');

/** A file as an attachment; Fastify sends a Buffer as is, not through the serializer. */
const sendPdf = (reply: FastifyReply, file: { filename: string; body: Buffer }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);

/** Guides, User manual, Help and helper documents: public, as the help a signed-out visitor may need. */
export const helpRoutes: FastifyPluginCallbackZod<{ helpService: HelpService }> = (
  app,
  { helpService },
  done,
) => {
  const tags = ['help'];

  app.get(
    '/api/help/articles/',
    {
      schema: {
        tags,
        summary: 'Guides, User manual and Help articles, optionally of one kind and matching every word of q',
        querystring: helpQuerySchema,
        response: { 200: helpArticleListSchema, ...errorResponses(400) },
      },
    },
    (request) => helpService.search(request.query.kind, request.query.q, request.query.language),
  );

  app.get(
    '/api/help/articles/:id/',
    {
      schema: {
        tags,
        summary: 'One help article with its sections',
        params: helpArticleParamsSchema,
        querystring: helpArticleQuerySchema,
        response: { 200: helpArticleSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => helpService.article(request.params.id, request.query.language),
  );

  app.get(
    '/api/helper-documents/',
    {
      schema: {
        tags,
        summary: 'The helper documents (SPEC §7)',
        querystring: helperDocumentsQuerySchema,
        response: { 200: z.array(helperDocumentSchema), ...errorResponses(400) },
      },
    },
    (request) => helpService.documents(request.query.language),
  );

  app.get(
    '/api/helper-documents/download/',
    {
      schema: {
        tags,
        summary: 'The url of a helper document, by id or name (SPEC §7)',
        querystring: helperDocumentDownloadQuerySchema,
        response: { 200: helperDocumentDownloadSchema, ...errorResponses(400, 404) },
      },
    },
    (request) => helpService.download(request.query),
  );

  app.get(
    '/api/helper-documents/:id/file/',
    {
      schema: {
        tags,
        summary: 'A helper document as a PDF',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: z.object({ language: languageSchema.default('en') }),
        response: { 200: binary, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const file = await helpService.file(request.params.id, request.query.language);
      return sendPdf(reply, file);
    },
  );
  done();
};
