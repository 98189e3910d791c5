import type { PublicProvider } from '@murmur/core/api';
import type { Config, ProviderConfig, XConfig } from '../../config';

/** SPEC §9: the permissions Murmur asks Facebook for. */
export const FACEBOOK_SCOPES = ['email', 'public_profile', 'ads_management', 'ads_read', 'pages_show_list'];

/**
 * SPEC §9 for LinkedIn (email, ads, organisation and member posting, basic and lite profile, ads
 * reporting), plus OpenID Connect's openid/profile/email: the server reads the person from the
 * OpenID userinfo endpoint.
 */
export const LINKEDIN_SCOPES = [
  'openid',
  'profile',
  'email',
  'r_emailaddress',
  'r_ads',
  'rw_ads',
  'r_ads_reporting',
  'w_member_social',
  'w_organization_social',
  'r_basicprofile',
  'r_liteprofile',
];

export const GOOGLE_SCOPES = ['openid', 'email', 'profile'];

/** X OAuth 2.0: what GET /2/users/me needs (X's OpenAPI `security`). */
export const X_OAUTH2_SCOPES = ['tweet.read', 'users.read'];

/**
 * A provider's consent page: the sandbox stand-in's when the token endpoint is the sandbox's (its
 * path ends in `sandboxToken` under `/<name>`), else the real provider's.
 */
function consentPage(tokenUrl: string, sandboxToken: RegExp, sandboxPage: string, real: string): string {
  const sandbox = sandboxToken.exec(tokenUrl);
  return sandbox ? `${tokenUrl.slice(0, sandbox.index)}${sandboxPage}` : real;
}

export const googleAuthorizeUrl = (google: ProviderConfig): string =>
  consentPage(
    google.tokenUrl,
    /\/google\/token$/,
    '/google/o/oauth2/v2/auth',
    'https://accounts.google.com/o/oauth2/v2/auth',
  );

export const facebookAuthorizeUrl = (facebook: ProviderConfig): string =>
  consentPage(
    facebook.tokenUrl,
    /\/facebook(\/v[\d.]+)?\/oauth\/access_token$/,
    '/facebook/v19.0/dialog/oauth',
    'https://www.facebook.com/v19.0/dialog/oauth',
  );

export const linkedinAuthorizeUrl = (linkedin: ProviderConfig): string =>
  consentPage(
    linkedin.tokenUrl,
    /\/linkedin\/oauth\/v2\/accessToken$/,
    '/linkedin/oauth/v2/authorization',
    'https://www.linkedin.com/oauth/v2/authorization',
  );

/** X's OAuth 2.0 page: beside the sandbox's OAuth 1.0a pages (…/x/oauth/ → …/x/i/oauth2/authorize), else x.com's. */
export const xOAuth2AuthorizeUrl = (x: XConfig): string =>
  consentPage(x.oauthUrl, /\/x\/oauth\/?$/, '/x/i/oauth2/authorize', 'https://x.com/i/oauth2/authorize');

const configured = (p: ProviderConfig) => p.clientId !== undefined && p.clientSecret !== undefined;

/**
 * The code-flow providers the browser can start, public data only: every one with credentials
 * (Facebook, Google, LinkedIn: client id and secret; X OAuth 2.0: a client id, as a public PKCE
 * client may have no secret). X's OAuth 1.0a sign-in starts at /rest-auth/twitter/request_token/.
 */
export function publicProviders(
  config: Pick<Config, 'x' | 'facebook' | 'google' | 'linkedin'>,
): PublicProvider[] {
  const { x, facebook, google, linkedin } = config;
  const out: PublicProvider[] = [];
  if (configured(facebook))
    out.push({
      provider: 'facebook',
      authorize_url: facebookAuthorizeUrl(facebook),
      client_id: facebook.clientId!,
      scopes: FACEBOOK_SCOPES,
    });
  if (configured(google))
    out.push({
      provider: 'google',
      authorize_url: googleAuthorizeUrl(google),
      client_id: google.clientId!,
      scopes: GOOGLE_SCOPES,
    });
  if (configured(linkedin))
    out.push({
      provider: 'linkedin',
      authorize_url: linkedinAuthorizeUrl(linkedin),
      client_id: linkedin.clientId!,
      scopes: LINKEDIN_SCOPES,
    });
  if (x.clientId !== undefined)
    out.push({
      provider: 'twitter_oauth2',
      authorize_url: xOAuth2AuthorizeUrl(x),
      client_id: x.clientId,
      scopes: X_OAUTH2_SCOPES,
    });
  return out;
}
