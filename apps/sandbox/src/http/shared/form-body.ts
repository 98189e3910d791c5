import type { FastifyInstance } from 'fastify';

const FORM = 'application/x-www-form-urlencoded';

/** The body's name/value pairs in order, duplicates kept (OAuth 1.0a signs every pair). */
export const FORM_PAIRS = Symbol('formPairs');

export type FormBody = Record<string, string> & { [FORM_PAIRS]?: [string, string][] };

/**
 * Parses application/x-www-form-urlencoded bodies (OAuth token endpoints, authorize forms, and X API
 * calls from clients that send forms) without @fastify/formbody, which the project does not install.
 * A parent that already parses forms keeps its parser.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  if (app.hasContentTypeParser(FORM)) return;
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
    const pairs = [...new URLSearchParams(body as string)];
    const parsed: FormBody = Object.fromEntries(pairs);
    Object.defineProperty(parsed, FORM_PAIRS, { value: pairs, enumerable: false });
    done(null, parsed);
  });
}

/**
 * The request's form pairs, or none when the body is not a form. Bodies parsed by another form
 * parser (a parent's, or the Ads API's own) have no ordered pairs; their entries are used instead.
 */
export function formPairs(request: {
  body: unknown;
  headers: { 'content-type'?: string };
}): [string, string][] {
  if (!request.headers['content-type']?.startsWith(FORM) || !request.body || typeof request.body !== 'object')
    return [];
  const body = request.body as FormBody;
  return (
    body[FORM_PAIRS] ?? Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string')
  );
}
