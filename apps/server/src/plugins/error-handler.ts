import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, TooManyRequests } from '../errors';
import { localiseErrorBody } from '@murmur/core/i18n';
import { reportServerError } from '../lib/error-reporting';
import { requestLanguage } from '../lib/language';
import { isPrivatePath } from './cache-control';
import { RequestValidationError, fieldErrors } from './validation';

const SERVER_ERROR = { detail: 'A server error occurred.' };

/**
 * Every failure leaves as a SPEC §8 shape: `{field: [messages]}` for 400s, `{detail}` otherwise, its
 * messages in the caller's language (lib/language.ts requestLanguage, @murmur/core/i18n's catalogue).
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorResponse(error, request);
  if (error instanceof TooManyRequests) void reply.header('retry-after', String(error.retryAfter));
  return reply.status(status).send(localiseErrorBody(body, requestLanguage(request)));
}

function errorResponse(error: FastifyError, request: FastifyRequest): { status: number; body: object } {
  if (error instanceof RequestValidationError) {
    // A malformed path parameter (e.g. a team id that cannot exist) is a missing resource, not a form error.
    if (error.validationContext === 'params') return { status: 404, body: { detail: 'Not found.' } };
    return { status: 400, body: fieldErrors(error.issues) };
  }
  if (error instanceof AppError) return { status: error.statusCode, body: error.body() };
  if (error instanceof ResponseSerializationError) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    reportServerError(error, request);
    return { status: 500, body: SERVER_ERROR };
  }
  // Fastify's own client errors: malformed JSON, unsupported media type, body too large, …
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { detail: error.message } };
  request.log.error({ err: error }, 'unhandled error');
  reportServerError(error, request);
  return { status: 500, body: SERVER_ERROR };
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
  // Before the auth hook: the browser's language decides.
  const language = requestLanguage({ headers: request.headers });
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(404).send(localiseErrorBody({ detail: 'Not found.' }, language));
  } else
    void reply.status(error.statusCode ?? 400).send(localiseErrorBody({ detail: error.message }, language));
}
