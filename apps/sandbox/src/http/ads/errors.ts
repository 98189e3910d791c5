import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';
import { echo } from './envelope';

/** X Ads API error codes used by the sandbox, with the HTTP status X pairs them with. */
const STATUS = {
  INVALID_PARAMETER: 400,
  MISSING_PARAMETER: 400,
  UNAUTHORIZED_ACCESS: 401,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
} as const;
export type AdsErrorCode = keyof typeof STATUS;

export class AdsApiError extends Error {
  constructor(
    readonly code: AdsErrorCode,
    message: string,
    readonly status: number = STATUS[code],
    readonly parameter?: string,
  ) {
    super(message);
    this.name = 'AdsApiError';
  }
}

export const notFound = (what: string): AdsApiError =>
  new AdsApiError('NOT_FOUND', `The requested ${what} could not be found`);

/** X answers an ad account the user may not use with 403 UNAUTHORIZED_ACCESS. */
export const forbidden = (): AdsApiError =>
  new AdsApiError('UNAUTHORIZED_ACCESS', 'This user is not authorized to access this ad account', 403);

function toAdsError(error: unknown): AdsApiError {
  if (error instanceof AdsApiError) return error;
  if (error instanceof InvalidInput) return new AdsApiError(error.code, error.message, 400, error.parameter);
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.statusCode && fastifyError.statusCode < 500)
    return new AdsApiError(
      'INVALID_PARAMETER',
      fastifyError.message ?? 'Invalid request',
      fastifyError.statusCode,
    );
  return new AdsApiError('INTERNAL_ERROR', 'Internal error');
}

/** X's error body: `{ errors: [{ code, message, parameter? }], request: { params } }`. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const e = toAdsError(error);
  if (e.code === 'INTERNAL_ERROR') request.log.error(error);
  const body = { code: e.code, message: e.message, ...(e.parameter ? { parameter: e.parameter } : {}) };
  return reply.status(e.status).send({ errors: [body], request: echo(request) });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new AdsApiError('ROUTE_NOT_FOUND', 'The requested resource could not be found'),
    ),
  );
  // Unknown GETs stay here even when a server around the plugin has a catch-all GET route (the
  // web app's SPA fallback), whose not-found body would otherwise answer them.
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: (_request, reply) => reply.callNotFound() });
}
