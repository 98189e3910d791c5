/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_ROOT?: string;
  readonly VITE_PREMIUM_API_ROOT?: string;
  readonly VITE_PRO_TARGETING_DOMAIN?: string;
  readonly VITE_PREMIUM_DOMAIN?: string;
  readonly VITE_STAGING_HOSTS?: string;
  /** SPEC §6: the fixed pro-targeting token the pro site's signed-out visitors' calls go with. */
  readonly VITE_PRO_TARGETING_TOKEN?: string;
  readonly VITE_TARGETING_API_URL?: string;
  readonly VITE_TARGETING_TOKEN?: string;
  /** SPEC §1: the error-reporting service's DSN; nothing is reported without it. */
  readonly VITE_SENTRY_DSN?: string;
  /** SPEC §1: the analytics token (the wrapper is active only in production with one). */
  readonly VITE_ANALYTICS_TOKEN?: string;
  /** The analytics host the batches go to (track, engage, groups); the service's own by default. */
  readonly VITE_ANALYTICS_HOST?: string;
  /** SPEC §1, §9: the session-replay and heatmap site id (snippet version 6); no snippet without it. */
  readonly VITE_SESSION_REPLAY_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** apps/web/build/first-catalogue.ts: a flavour's first-screen sections of a language's catalogue. */
declare module 'virtual:first-catalogue/*' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
