import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Limits on what a request may be (docs/API.md "Limits"). Beyond them the server answers a 4xx in
 * the SPEC §8 shape, never a 500: every walk over request data is then bounded.
 */

/** Largest request body, in bytes (413 beyond). A full targeting package stays well below it. */
export const BODY_LIMIT = 1024 * 1024;
/** Deepest nesting of arrays and objects in a JSON body (400 beyond); our own bodies need under 10. */
export const MAX_JSON_DEPTH = 64;
/** Longest request target (path and query), in characters (414 beyond). */
export const MAX_URL_LENGTH = 8192;

/** Fastify's settings for the limits above. */
export const requestLimitOptions = { bodyLimit: BODY_LIMIT, clientErrorHandler } as const;

/** A 4xx that the error handler answers as `{detail}`. */
class ClientError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The deepest nesting in a JSON text, counted without parsing (a loop, not recursion); stops as soon
 * as `limit` is passed. Brackets inside strings do not count.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * True when the JSON body text has no `\u0000` escape: the only way JSON can carry a NUL (a raw
     * control character in a string is a syntax error), so the parsed body need not be walked for one
     * (app.ts's NUL check runs on every request with a body). A flag on the request rather than a
     * WeakSet entry: a weak entry per request was work for every minor GC (the serving path).
     */
    nulFreeBody: boolean;
  }
}

/**
 * JSON bodies: Fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys),
 * after a depth check, so that no later walk over the body can overflow the stack. (Too-long URLs
 * are refused by plugins/front-hook.ts.)
 */
export function registerRequestLimits(app: FastifyInstance): void {
  app.decorateRequest('nulFreeBody', false);
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new ClientError(400, `JSON nested deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    if (!text.includes('\\u0000')) request.nulFreeBody = true;
    void parse(request, text, done);
  });
}

/** The 414 body of a request target over MAX_URL_LENGTH (checked by plugins/front-hook.ts, before routing). */
export const URL_TOO_LONG = { detail: `The URL is longer than ${MAX_URL_LENGTH} characters.` } as const;

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};

/**
 * Requests Node refuses before Fastify sees them (headers over 16 KB, malformed HTTP, timeouts) get
 * a SPEC §8 JSON body like every other error instead of Node's bare status line or Fastify's shape.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request is malformed.',
  ];
  const body = JSON.stringify({ detail });
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  // Closed once the answer has been written: writes reach the OS a turn of the loop later
  // (plugins/coalesced-writes.ts), so a destroy right after write() would drop the answer.
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(error),
  );
}
