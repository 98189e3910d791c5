import type { SandboxCallbacks } from '@murmur/sandbox';

/**
 * Where each provider sends the browser back after sign-in: the web app's `/login/{provider}` on
 * PUBLIC_URL (apps/web/src/lib/social-login.ts `socialRedirectUri`). These are the callback URLs
 * registered with the providers, and the only ones the mounted sandbox's stand-ins accept.
 */
export function socialCallbacks(publicUrl: string): SandboxCallbacks {
  const at = (provider: string) => [`${publicUrl}/login/${provider}`];
  return {
    x: at('twitter'),
    xOAuth2: at('twitter_oauth2'),
    facebook: at('facebook'),
    google: at('google'),
    linkedin: at('linkedin'),
  };
}

/** Whether a callback URL is on this site (same origin as PUBLIC_URL), so X sends the user nowhere else. */
export function isOwnCallback(callback: string, publicUrl: string): boolean {
  return URL.canParse(callback) && new URL(callback).origin === new URL(publicUrl).origin;
}
