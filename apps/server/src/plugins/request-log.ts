import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is logged at warn whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per finished request — `{method, url, status, ms}` — instead of Fastify's two ("incoming
 * request", "request completed") at info: at thousands of requests a second those two lines were a
 * large part of each request's cost (issue 9). Server errors log at error, slow requests at warn,
 * everything else at debug, so `LOG_LEVEL=debug` gives a full access log and `info` a quiet one.
 * Fastify's other lines (route not found, serializer and stream errors) stay as they are.
 */
export class ConciseRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const ms = reply.elapsedTime;
    const fields = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms) };
    if (error || reply.statusCode >= 500) reply.log.error({ ...fields, err: error ?? undefined }, 'request');
    else if (ms >= SLOW_REQUEST_MS) reply.log.warn(fields, 'request');
    else reply.log.debug(fields, 'request');
  }
}

/** Spread into `Fastify({...})`. */
export const requestLogOptions = () => ({ logController: new ConciseRequestLog() });
