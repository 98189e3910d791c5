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
 * measurable share of a cached signed-in read (the serving path).
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
  // Helmet does not set it; same for pages and API answers (a JSON body uses no feature either).
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * Permissions-Policy (W3C Permissions Policy): the app uses none of these powerful features, so
 * neither it nor anything it embeds may ask for them (OWASP Secure Headers Project's restrictive
 * default), each a feature Chromium knows (an unknown one is a console warning on every page).
 * Computed once, like the other headers.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * The headers that only matter for a page, left out of JSON API answers: how it renders or browses
 * (COOP, Origin-Agent-Cluster, DNS prefetching, IE's download prompt, the legacy XSS auditor, the
 * referrer sent by its links, Flash/PDF cross-domain policies). Every API answer repeated them, and
 * each header is validated and written per response (the serving path).
 */
const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * A JSON body loads nothing, so its CSP only has to forbid everything and framing (OWASP REST
 * Security Cheat Sheet: `frame-ancestors 'none'`; `default-src 'none'` as GitHub's API sends) —
 * not the page's 230-byte policy.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * `headers` for JSON API answers (OWASP's API set: CSP, nosniff, frame options, HSTS in production,
 * plus the cross-origin resource policy): without the document-only ones, with the API's CSP.
 */
export function apiSecurityHeaders(headers: Record<string, string>): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY.includes(name))),
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
  };
}

/** Whether a request target is a JSON API route (the OpenAPI UI under /api/docs is a page). */
export function isApiPath(url: string): boolean {
  return (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/rest-auth/');
}
