/**
 * The extension's manifest (Manifest V3). Its content script and host permissions name Murmur's
 * origins exactly, port included: a Chrome match pattern without a port (`http://localhost/*`)
 * matches every port of the host, so a default build would have talked to any local service.
 */
export interface ManifestSettings {
  version: string;
  /** Murmur's origins (`https://app.example.com`, `http://localhost:3000`). */
  murmurOrigins: string[];
  /** Match patterns of X Ads Manager (and the sandbox's stand-in). */
  adsManagerMatches: string[];
}

/** The build's environment (build.mjs) as manifest settings. */
export interface ManifestEnv {
  /** Comma-separated origins of Murmur's pages; default PUBLIC_URL's origin. */
  MURMUR_ORIGINS?: string | undefined;
  /** The dashboard's configured URL (the server's PUBLIC_URL; default http://localhost:3000). */
  PUBLIC_URL?: string | undefined;
  /** Comma-separated match patterns of X Ads Manager; default ads.x.com and Murmur's sandbox. */
  ADS_MANAGER_MATCHES?: string | undefined;
}

/** The server's default PUBLIC_URL (apps/server/src/config.ts: http://localhost:$PORT, PORT 3000). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An origin as the manifest writes it; throws on anything that is not an http(s) origin. */
export function originOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Not an http(s) origin: ${value}`);
  return url.origin;
}

/** Manifest settings from the build environment. */
export function settingsFrom(env: ManifestEnv, version: string): ManifestSettings {
  const origins = list(env.MURMUR_ORIGINS);
  const murmurOrigins = [
    ...new Set((origins.length > 0 ? origins : [env.PUBLIC_URL || DEFAULT_PUBLIC_URL]).map(originOf)),
  ];
  const ads = list(env.ADS_MANAGER_MATCHES);
  return {
    version,
    murmurOrigins,
    adsManagerMatches:
      ads.length > 0
        ? ads
        : ['https://ads.x.com/*', ...murmurOrigins.map((origin) => `${origin}/sandbox/ads-manager/*`)],
  };
}

/** The match pattern of every page of an origin; a default port (80, 443) needs none. */
const pagesOf = (origin: string) => `${origin}/*`;

export function manifestFor(settings: ManifestSettings) {
  const murmur = settings.murmurOrigins.map(pagesOf);
  return {
    manifest_version: 3,
    name: 'X Pro Targeting',
    description: "Applies Murmur's audiences to the targeting of an X ad account's line items.",
    version: settings.version,
    permissions: ['storage'],
    // The service worker calls Murmur's API with the extension token (no CORS answer needed).
    host_permissions: murmur,
    background: { service_worker: 'background.js' },
    content_scripts: [
      {
        matches: murmur,
        exclude_matches: settings.murmurOrigins.map((origin) => `${origin}/sandbox/*`),
        js: ['content-murmur.js'],
        run_at: 'document_idle',
      },
      { matches: settings.adsManagerMatches, js: ['content-ads-manager.js'], run_at: 'document_idle' },
    ],
  };
}
