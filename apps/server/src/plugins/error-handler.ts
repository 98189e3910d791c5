import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, TooManyRequests } from '../errors';
import { reportServerError } from '../lib/error-reporting';
import { isPrivatePath } from './cache-control';
import { RequestValidationError, fieldErrors } from './validation';

const SERVER_ERROR = { detail: 'A server error occurred.' };

/** Every failure leaves as a SPEC §8 shape: `{field: [messages]}` for 400s, `{detail}` otherwise. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RequestValidationError) {
    // A malformed path parameter (e.g. a team id that cannot exist) is a missing resource, not a form error.
    if (error.validationContext === 'params') return reply.status(404).send({ detail: 'Not found.' });
    return reply.status(400).send(fieldErrors(error.issues));
  }
  if (error instanceof AppError) {
    if (error instanceof TooManyRequests) void reply.header('retry-after', String(error.retryAfter));
    return reply.status(error.statusCode).send(error.body());
  }
  if (error instanceof ResponseSerializationError) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    reportServerError(error, request);
    return reply.status(500).send(SERVER_ERROR);
  }
  // Fastify's own client errors: malformed JSON, unsupported media type, body too large, …
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return reply.status(status).send({ detail: error.message });
  request.log.error({ err: error }, 'unhandled error');
  reportServerError(error, request);
  return reply.status(500).send(SERVER_ERROR);
}

/**
 * Router-level failures (malformed URL, over-long path segment) bypass the error handler; keep their
 * bodies in the SPEC §8 shape too. A segment over the router's 100-character limit can name no team
 * or record, so it is a 404 like any other unknown one.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // The onRequest hooks (plugins/front-hook.ts) have not run for these.
  if (isPrivatePath(request.url)) void reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.status(404).send({ detail: 'Not found.' });
  else void reply.status(error.statusCode ?? 400).send({ detail: error.message });
}
