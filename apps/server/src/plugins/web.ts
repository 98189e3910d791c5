import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { localiseErrorBody, pickLanguage } from '@murmur/core/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../lib/language';

/** Paths owned by the server; everything else is a page of the single-page app. */
const SERVER_PREFIXES = ['/api', '/rest-auth', '/sandbox'];
const isServerPath = (url: string) =>
  SERVER_PREFIXES.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );

const isSourceMap = (url: string) => /\.map(?:$|[?#])/.test(url);

/** The DRF 404 body in the caller's language (the error handler's catalogue, @murmur/core/i18n). */
const notFound = (request: FastifyRequest) =>
  localiseErrorBody({ detail: 'Not found.' }, requestLanguage(request));

const NOT_BUILT =
  'The web app has not been built, so there is nothing to show here yet.\n' +
  'Run `npm run build` in the repository root, then restart the server.\n' +
  'The API is available under /api/ (documentation at /api/docs).\n';

/**
 * Headers the security plugin sets for every answer that only a document (or a worker, which the app
 * has none of) reads: how it renders, frames, browses and refers, and which powerful features it may
 * use (Permissions-Policy: ~290 bytes). A script or a stylesheet ignores them. Left off the
 * fingerprinted assets, where they were ~850 of each response's ~1,200 header bytes and a first load
 * fetches dozens (nosniff and the cross-origin resource policy, which do apply to scripts and styles,
 * stay).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

type Flavour = 'dashboard' | 'pro' | 'premium';
type Language = 'en' | 'ja';

/** dist/.vite/page-meta.json, written by the web build (apps/web/build/page-meta.ts). */
interface PageMeta {
  hosts: { pro: string[]; premium: string[]; staging: string[] };
  siteName: string;
  meta: Record<Flavour, Record<Language, { title: string; description: string }>>;
  sitemap: { pro: string[] };
  preload: {
    flavours: Record<Flavour, string[]>;
    languages: Record<Language, string[]>;
    /** The first-screen catalogue per flavour and language, preloaded instead of the whole one when
     * present (apps/web/build/first-catalogue.ts); absent in older builds. */
    catalogues?: Record<Flavour, Record<Language, string[]>>;
    /** Entry pages' lazy route chunks (apps/web/build/page-meta.ts ENTRY_ROUTES); absent in older builds. */
    routes?: { flavour: Flavour; path: string; files: string[] }[];
  };
}

/** The index in meta.preload.routes of the entry route a path of the flavour is, or -1. */
export const entryRouteOf = (meta: PageMeta, flavour: Flavour, path: string): number =>
  (meta.preload.routes ?? []).findIndex(
    (route) => route.flavour === flavour && new RegExp(route.path).test(path),
  );

/** The same choice as the app's at boot (apps/web/src/app/flavour.ts), from the Host header. */
export const flavourOf = (hosts: PageMeta['hosts'], hostname: string, query: string): Flavour => {
  const host = hostname.toLowerCase();
  const matches = (fragments: string[]) => fragments.some((f) => f !== '' && host.includes(f));
  if (matches(hosts.pro)) return 'pro';
  if (matches(hosts.premium)) return 'premium';
  if (matches(hosts.staging)) {
    const flag = new URLSearchParams(query).get('flavour');
    if (flag === 'pro' || flag === 'premium') return flag;
  }
  return 'dashboard';
};

/** The encoding to send: brotli when accepted, then gzip, else none (q=0 refuses one). */
export const negotiateEncoding = (acceptEncoding: string | undefined): 'br' | 'gzip' | undefined => {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the flavour's and language's title, description, Open Graph tags and preloads. */
export const renderPage = (
  template: string,
  meta: PageMeta,
  flavour: Flavour,
  language: Language,
  entryRoute = -1,
) => {
  const { title, description } = meta.meta[flavour][language];
  const preloads = [
    ...meta.preload.flavours[flavour],
    ...(meta.preload.catalogues?.[flavour][language] ?? meta.preload.languages[language]),
    ...(meta.preload.routes?.[entryRoute]?.files ?? []),
  ].map((href) =>
    href.endsWith('.css')
      ? // Vite's loader asks for stylesheets with `crossorigin`: a preload without it is not reused.
        `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`
      : `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
  );
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:locale" content="${language === 'ja' ? 'ja_JP' : 'en_US'}">`,
    `<meta name="twitter:card" content="summary">`,
    ...preloads,
  ].join('\n    ');
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, () => head);
};

interface Rendered {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Serves the built web app from WEB_DIST with an SPA fallback: any GET outside /api, /rest-auth and
 * /sandbox that matches no file gets the page (index.html with the host's flavour and the visitor's
 * language in its <head>: search engines and link previews read the served HTML, not what the app
 * renders later), so deep links such as /acme/campaigns load the app. Unknown server paths get the
 * DRF 404 body. Files are sent as the build compressed them (.br, .gz beside each asset).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  options: { isProduction: boolean } = { isProduction: false },
): Promise<void> {
  const hasDist = existsSync(webDist);
  // The build writes source maps for error reporting (they hold the original source): a production
  // site keeps them to itself, so that they are uploaded to the error-reporting service, not served.
  const hidden = (path: string) => options.isProduction && isSourceMap(path);
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // The page is rendered per host below, never sent as the raw file.
      index: false,
      allowedPath: (pathname) => pathname !== '/index.html' && !hidden(pathname),
      // The build writes file.br and file.gz beside each asset; Content-Encoding and
      // Vary: Accept-Encoding follow the request's Accept-Encoding.
      preCompressed: true,
      // An immutable asset is revalidated never, so neither Last-Modified, an ETag nor ranges earn
      // their bytes (the other files, index.html aside, are robots.txt and the like: tiny).
      lastModified: false,
      etag: false,
      acceptRanges: false,
      // Vite fingerprints everything under assets/, so those can be cached for good; the rest cannot.
      setHeaders: (reply, filePath) => {
        const asset = filePath.includes('/assets/');
        void reply.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (asset) for (const name of DOCUMENT_ONLY_HEADERS) void reply.removeHeader(name);
      },
    });
  }

  // Rendered once per (build, flavour, language, entry route) and compressed once: a page request only
  // picks bytes.
  const pages = new Map<string, Rendered>();
  let builtAt = 0;
  let template = '';
  let meta: PageMeta | undefined;
  /** Reads index.html and page-meta.json when the build changed; false when there is no build. */
  const load = (): boolean => {
    const index = join(webDist, 'index.html');
    if (!existsSync(index)) return false;
    const mtime = statSync(index).mtimeMs;
    if (mtime !== builtAt) {
      pages.clear();
      builtAt = mtime;
      template = readFileSync(index, 'utf8');
      const metaFile = join(webDist, '.vite/page-meta.json');
      meta = existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as PageMeta) : undefined;
    }
    return true;
  };
  const pageFor = (flavour: Flavour, language: Language, path: string): Rendered => {
    const entryRoute = meta === undefined ? -1 : entryRouteOf(meta, flavour, path);
    const key = `${flavour}:${language}:${entryRoute}`;
    let page = pages.get(key);
    if (page === undefined) {
      const identity = Buffer.from(
        meta === undefined ? template : renderPage(template, meta, flavour, language, entryRoute),
      );
      page = {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      pages.set(key, page);
    }
    return page;
  };
  const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (!load()) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    const flavour =
      meta === undefined ? 'dashboard' : flavourOf(meta.hosts, request.hostname, queryOf(request.url));
    const language = pickLanguage(
      (request.headers['accept-language'] ?? '').split(',').map((part) => part.split(';')[0] ?? ''),
    );
    const query = request.url.indexOf('?');
    const page = pageFor(flavour, language, query === -1 ? request.url : request.url.slice(0, query));
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Accept-Language');
    if (encoding !== undefined) void reply.header('content-encoding', encoding);
    return reply.send(encoding === undefined ? page.identity : page[encoding]);
  };

  app.get('/', { schema: { hide: true } }, sendPage);
  app.get('/index.html', { schema: { hide: true } }, sendPage);

  // SPEC §2: the pro site's marketing pages and free tools are public; elsewhere there is no sitemap.
  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => {
    if (!load() || meta === undefined || flavourOf(meta.hosts, request.hostname, '') !== 'pro') {
      return reply.status(404).send(notFound(request));
    }
    const origin = `${request.protocol}://${request.host}`;
    const urls = meta.sitemap.pro
      .map((path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isServerPath(request.url) &&
      !hidden(request.url);
    if (!isPage) return reply.status(404).send(notFound(request));
    if (!hasDist) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return sendPage(request, reply);
  });
}
