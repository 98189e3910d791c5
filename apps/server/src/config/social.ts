import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import { optional, url } from './env';

function providerEnv<const P extends string>(p: P) {
  return {
    [`${p}_CLIENT_ID`]: optional,
    [`${p}_CLIENT_SECRET`]: optional,
    [`${p}_TOKEN_URL`]: url(`${p}_TOKEN_URL`),
    [`${p}_USERINFO_URL`]: url(`${p}_USERINFO_URL`),
  } as Record<
    `${P}_CLIENT_ID` | `${P}_CLIENT_SECRET` | `${P}_TOKEN_URL` | `${P}_USERINFO_URL`,
    typeof optional
  >;
}

export const socialEnv = {
  X_API_URL: url('X_API_URL'),
  X_OAUTH_URL: url('X_OAUTH_URL'),
  X_CONSUMER_KEY: optional,
  X_CONSUMER_SECRET: optional,
  X_CLIENT_ID: optional,
  X_CLIENT_SECRET: optional,
  ...providerEnv('FACEBOOK'),
  ...providerEnv('GOOGLE'),
  ...providerEnv('LINKEDIN'),
};

/** A sign-in provider's OAuth 2.0 client (Facebook, Google, LinkedIn): code → token → user info. */
export interface ProviderConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  tokenUrl: string;
  userInfoUrl: string;
}

/** X: OAuth 1.0a consumer and OAuth 2.0 client, and where the API and the OAuth pages are. */
export interface XConfig {
  /** X API v2 base, ending in /2/ (https://api.x.com/2/ for the real X). */
  apiUrl: string;
  /** Base of X's OAuth 1.0a pages (…/oauth/): the browser is sent to `${oauthUrl}authenticate`. */
  oauthUrl: string;
  consumerKey: string | undefined;
  consumerSecret: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

/** X and the sign-in providers, as `Config` holds them. */
export interface SocialSettings {
  x: XConfig;
  facebook: ProviderConfig;
  google: ProviderConfig;
  linkedin: ProviderConfig;
}

/**
 * X and the sign-in providers default to the sandbox mounted by this server and, outside
 * production, to the sandbox's development credentials (SANDBOX_DEV_CREDENTIALS). In production a
 * provider without a client id and secret is switched off.
 */
export function socialConfig(
  sandbox: string,
  isProduction: boolean,
  e: Partial<Record<string, unknown>> = {},
): SocialSettings {
  const dev = isProduction ? undefined : SANDBOX_DEV_CREDENTIALS;
  const get = (name: string): string | undefined => {
    const value = e[name];
    return typeof value === 'string' ? value : undefined;
  };
  const provider = (
    name: 'FACEBOOK' | 'GOOGLE' | 'LINKEDIN',
    creds: { clientId: string; clientSecret: string } | undefined,
    tokenUrl: string,
    userInfoUrl: string,
  ): ProviderConfig => ({
    clientId: get(`${name}_CLIENT_ID`) ?? creds?.clientId,
    clientSecret: get(`${name}_CLIENT_SECRET`) ?? creds?.clientSecret,
    tokenUrl: get(`${name}_TOKEN_URL`) ?? tokenUrl,
    userInfoUrl: get(`${name}_USERINFO_URL`) ?? userInfoUrl,
  });
  return {
    x: {
      apiUrl: get('X_API_URL') ?? `${sandbox}/x/2/`,
      oauthUrl: get('X_OAUTH_URL') ?? `${sandbox}/x/oauth/`,
      consumerKey: get('X_CONSUMER_KEY') ?? dev?.x.consumerKey,
      consumerSecret: get('X_CONSUMER_SECRET') ?? dev?.x.consumerSecret,
      clientId: get('X_CLIENT_ID') ?? dev?.x.clientId,
      clientSecret: get('X_CLIENT_SECRET') ?? dev?.x.clientSecret,
    },
    facebook: provider(
      'FACEBOOK',
      dev?.facebook,
      `${sandbox}/facebook/v19.0/oauth/access_token`,
      `${sandbox}/facebook/v19.0/me?fields=id,name,email,first_name,last_name`,
    ),
    google: provider('GOOGLE', dev?.google, `${sandbox}/google/token`, `${sandbox}/google/v1/userinfo`),
    linkedin: provider(
      'LINKEDIN',
      dev?.linkedin,
      `${sandbox}/linkedin/oauth/v2/accessToken`,
      `${sandbox}/linkedin/v2/userinfo`,
    ),
  };
}
