/** The callback URLs registered per provider (the shape the mounted sandbox takes as its `callbacks`). */
export interface ProviderCallbacks {
  x: string[];
  xOAuth2: string[];
  facebook: string[];
  google: string[];
  linkedin: string[];
}

/**
 * Where each provider sends the browser back after sign-in: the web app's `/login/{provider}` on
 * PUBLIC_URL (apps/web/src/lib/social-login.ts `socialRedirectUri`). These are the callback URLs
 * registered with the providers, and the only ones the mounted sandbox's stand-ins accept.
 */
export function socialCallbacks(publicUrl: string): ProviderCallbacks {
  const at = (provider: string) => siteOrigins(publicUrl).map((origin) => `${origin}/login/${provider}`);
  return {
    // Deep Thought signs in with X on its own host too (SPEC §2 premium /login/twitter).
    x: [...at('twitter'), `${premiumOrigin(publicUrl)}/login/twitter`],
    xOAuth2: at('twitter_oauth2'),
    facebook: at('facebook'),
    google: at('google'),
    linkedin: at('linkedin'),
  };
}

/**
 * The premium analytics suite's origin (SPEC §1: chosen by a host containing the premium domain):
 * PUBLIC_URL's host under `premium.` (https://murmur.example → https://premium.murmur.example,
 * http://localhost:3000 → http://premium.localhost:3000), the web app's default premium domain.
 */
export function premiumOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//premium.${url.host}`;
}

/**
 * Whether a callback URL is on this site (PUBLIC_URL's origin or, on a loopback PUBLIC_URL, its
 * other loopback names; or the premium suite's), so X sends the user nowhere else.
 */
export function isOwnCallback(callback: string, publicUrl: string): boolean {
  if (!URL.canParse(callback)) return false;
  const origin = new URL(callback).origin;
  return siteOrigins(publicUrl).includes(origin) || origin === premiumOrigin(publicUrl);
}

/** The names of this machine's loopback interface, as a URL's hostname spells them. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins this site is reached at: PUBLIC_URL's, and when that is a loopback address (a
 * development server), the same scheme and port under the loopback's other names. The server
 * reports http://127.0.0.1:PORT as where it listens while PUBLIC_URL says http://localhost:PORT;
 * signing in from either must come back to it.
 */
export function siteOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const port = url.port === '' ? '' : `:${url.port}`;
  const others = LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map(
    (host) => `${url.protocol}//${host}${port}`,
  );
  return [url.origin, ...others];
}
