import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adMediaSchema,
  createAdMediaSchema,
  fileCompleteRequestSchema,
  fileCompleteSchema,
  filePolicyRequestSchema,
  filePolicySchema,
  fileUploadedSchema,
  MEDIA_MAX_BYTES,
  teamScopeQuerySchema,
} from '@murmur/core/api';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import { errorResponses } from '../../lib/http';
import { resourceRoutes } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { MediaService } from './media.service';
import { KEY_PATTERN, type diskStorage, type MediaStorage } from '../../integrations/storage';
import { parseMultipart } from './multipart';

/** What a multipart upload may weigh: the file's limit plus room for the form's fields. */
const UPLOAD_BODY_LIMIT = MEDIA_MAX_BYTES + 64 * 1024;
const MIME_OF_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** SPEC §7 File upload (the doubled `api/` is SPEC's) and the team's media library (ad media). */
export const mediaRoutes: FastifyPluginCallbackZod<{
  mediaService: MediaService;
  storage: MediaStorage;
  /** Set when files are on local disk: the server receives uploads and serves files itself. */
  disk?: ReturnType<typeof diskStorage> | undefined;
}> = (app, { mediaService: service, storage, disk }, done) => {
  const tags = ['media'];

  app.post(
    '/api/api/files/policy/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          'Sign an upload policy for one image (type and size declared); the browser posts the file to `url`',
        body: filePolicyRequestSchema,
        response: { 200: filePolicySchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => service.policy(requireUser(request), request.body),
  );
  app.post(
    '/api/api/files/complete/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary:
          'Check an uploaded file (type, size, dimensions) and make its thumbnail; a bad file is removed',
        body: fileCompleteRequestSchema,
        response: { 200: fileCompleteSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => service.complete(requireUser(request), request.body.key),
  );

  resourceRoutes(app, {
    path: '/api/ad-media/',
    tags,
    item: adMediaSchema,
    list: {
      summary: "A team's media library (?team=)",
      querystring: teamScopeQuerySchema,
      errors: errorResponses(400, 403, 404),
      handler: (user, query) => service.list(user, query.team),
    },
    create: {
      summary: 'Add a completed upload to the media library',
      body: createAdMediaSchema,
      errors: errorResponses(400, 403, 404),
      handler: (user, body) => service.create(user, body),
    },
    remove: {
      summary: 'Remove an image from the media library (and the store)',
      errors: errorResponses(403, 404),
      handler: (user, pk) => service.remove(user, pk),
    },
  });

  if (disk) {
    // The upload target of a disk policy: a multipart form whose signed fields name the key, type
    // and size limit (the S3 presigned POST protocol, so the browser does the same for both).
    void app.register((scope, _opts, next) => {
      scope.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
        (req, body, parsed) => {
          try {
            parsed(null, parseMultipart(body as Buffer, String(req.headers['content-type'] ?? '')));
          } catch (error) {
            parsed(error as Error, undefined);
          }
        },
      );
      scope.post(
        '/api/media/upload/',
        {
          bodyLimit: UPLOAD_BODY_LIMIT,
          schema: {
            tags,
            summary:
              'Receive a file under a signed disk upload policy (multipart: the policy fields, then file)',
            consumes: ['multipart/form-data'],
            response: { 201: fileUploadedSchema, ...errorResponses(400, 403) },
          },
        },
        async (request, reply) => {
          const form = request.body as ReturnType<typeof parseMultipart> | undefined;
          if (!form?.file) throw new BadRequest({ file: ['No file was sent.'] });
          const allowed = disk.verify(form.fields);
          if (!allowed) throw new Forbidden('The upload policy is invalid or has expired.');
          if (form.file.data.length === 0) throw new BadRequest({ file: ['The file is empty.'] });
          if (form.file.data.length > allowed.maxBytes)
            throw new BadRequest({ file: ['The file is larger than 5 MB.'] });
          await disk.write(allowed.key, form.file.data, allowed.contentType);
          return reply.status(201).send({ key: allowed.key });
        },
      );
      next();
    });

    app.get(
      '/api/media/files/*',
      {
        schema: {
          tags,
          summary: 'A stored media file or thumbnail (public, unguessable keys)',
          params: z.object({ '*': z.string().max(300) }),
          response: { 200: z.any(), ...errorResponses(404) },
        },
      },
      async (request, reply) => {
        const key = request.params['*'];
        if (!KEY_PATTERN.test(key)) throw new NotFound();
        const body = await storage.read(key);
        if (!body) throw new NotFound();
        const ext = key.split('.').pop()?.toLowerCase() ?? '';
        return reply
          .header('content-type', MIME_OF_EXTENSION[ext] ?? 'application/octet-stream')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(body);
      },
    );
  }
  done();
};
