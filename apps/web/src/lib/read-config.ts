/** Runtime configuration read from Vite's environment (VITE_* variables). Free of `import.meta.env`,
 * so that the build (build/page-meta.ts, in Node) reads the same host fragments as the app. */
export interface AppConfig {
  /** Root of the dashboard API; '' means the page's own origin (the dev server proxies /api). */
  apiRoot: string;
  /** SPEC §7: the API root differs when the page host is the premium analytics tool. */
  premiumApiRoot: string;
  /** Host fragments that select the pro-targeting flavour. */
  proTargetingDomains: string[];
  /** Host fragments that select the premium analytics flavour. */
  premiumDomains: string[];
  /** Host fragments of staging deployments, where `?flavour=` picks the flavour. */
  stagingHosts: string[];
  /** SPEC §6: the fixed pro-targeting token (VITE_PRO_TARGETING_TOKEN) for the pro site's signed-out
   * visitors' calls; none when unset. It stands for no user, so it is no secret. */
  proTargetingToken?: string | undefined;
  /** SPEC §7 "A second API root serves the targeting service" (VITE_TARGETING_API_URL); '' means the
   * dashboard's own root (this server serves the targeting routes too). */
  targetingApiRoot: string;
  /** SPEC §6: the targeting service's fixed token (VITE_TARGETING_TOKEN), sent on its calls only. */
  targetingToken?: string | undefined;
  /** Vite's mode: the analytics wrapper is active only in 'production' (SPEC §1). */
  mode: string;
  /** SPEC §1: error reporting (VITE_SENTRY_DSN), analytics (VITE_ANALYTICS_TOKEN, VITE_ANALYTICS_HOST)
   * and the session-replay snippet (VITE_SESSION_REPLAY_ID); each off when unset. */
  sentryDsn: string | undefined;
  analyticsToken: string | undefined;
  analyticsHost: string | undefined;
  sessionReplayId: string | undefined;
}

const list = (value: string | undefined, fallback: string[]): string[] => {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
};

const trimSlash = (value: string): string => value.replace(/\/+$/, '');

export const readConfig = (env: Partial<Record<string, string | undefined>>): AppConfig => ({
  apiRoot: trimSlash(env.VITE_API_ROOT ?? ''),
  premiumApiRoot: trimSlash(env.VITE_PREMIUM_API_ROOT ?? env.VITE_API_ROOT ?? ''),
  proTargetingDomains: list(env.VITE_PRO_TARGETING_DOMAIN, ['pro.localhost', 'pro-targeting']),
  premiumDomains: list(env.VITE_PREMIUM_DOMAIN, ['premium.localhost']),
  stagingHosts: list(env.VITE_STAGING_HOSTS, ['staging']),
  proTargetingToken: env.VITE_PRO_TARGETING_TOKEN || undefined,
  targetingApiRoot: trimSlash(env.VITE_TARGETING_API_URL ?? ''),
  targetingToken: env.VITE_TARGETING_TOKEN || undefined,
  mode: env.MODE ?? 'development',
  sentryDsn: env.VITE_SENTRY_DSN || undefined,
  analyticsToken: env.VITE_ANALYTICS_TOKEN || undefined,
  analyticsHost: env.VITE_ANALYTICS_HOST || undefined,
  sessionReplayId: env.VITE_SESSION_REPLAY_ID || undefined,
});
