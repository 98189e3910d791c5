import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers. The CSP admits the built SPA: scripts and styles from our origin only, plus inline
 * styles because Mantine injects <style> tags at run time; images may be data: URIs or any https URL
 * (avatars, logos). HTTPS-only directives are left out of development, which runs on plain http.
 */
export function securityHeaderOptions(isProduction: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isProduction && { upgradeInsecureRequests: [] }),
      },
    },
    strictTransportSecurity: isProduction,
  };
}

/**
 * The headers helmet would set, computed once: they do not depend on the request, and
 * @fastify/helmet rebuilt the whole helmet middleware (CSP parsing included) on every request, a
 * measurable share of a cached signed-in read (issue 9).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failure: Error | undefined;
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) failure = err instanceof Error ? err : new Error('helmet refused its options');
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The document-only headers left out of JSON API answers (OWASP REST Security Cheat Sheet's set is
 * kept: CSP with frame-ancestors, nosniff, frame options, resource policy, referrer policy, HSTS):
 * they govern how a page renders or browses (COOP, Origin-Agent-Cluster, DNS prefetching, IE's
 * download prompt, the legacy XSS auditor), which a JSON body never does. Fewer headers on every
 * API answer is measurable on the estimate path (issue 9).
 */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
];

/** `headers` without the document-only ones, for JSON API answers. */
export function apiSecurityHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY.includes(name)));
}

/** Whether a request target is a JSON API route (the OpenAPI UI under /api/docs is a page). */
export function isApiPath(url: string): boolean {
  return (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/rest-auth/');
}
