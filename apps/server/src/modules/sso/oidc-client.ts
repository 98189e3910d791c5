import * as client from 'openid-client';

/** What the callback learnt from the provider: the subject and its e-mail, as the ID token or userinfo say. */
export interface OidcIdentity {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** What the start keeps for the callback (sealed in a cookie, modules/sso/sso-flow.ts). */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The OpenID Connect relying party, through `openid-client` (authorization code flow with PKCE,
 * state and nonce; the ID token's signature, issuer, audience, expiry and nonce are checked by the
 * library). `allowHttp`: plain-http issuers outside production only (a test provider, a local one).
 */
export function createOidcClient(options: { allowHttp: boolean; timeoutSeconds?: number }) {
  async function configure(settings: OidcProviderSettings): Promise<client.Configuration> {
    const url = new URL(settings.issuer);
    if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) {
      throw new Error('The issuer must use https.');
    }
    // client_secret_basic: the registration default (OpenID Connect Dynamic Registration §2).
    return client.discovery(
      url,
      settings.clientId,
      undefined,
      client.ClientSecretBasic(settings.clientSecret),
      {
        timeout: options.timeoutSeconds ?? 10,
        ...(url.protocol === 'http:' && { execute: [client.allowInsecureRequests] }),
      },
    );
  }

  return {
    /** The provider's authorization URL and the checks the callback must meet. */
    async start(settings: OidcProviderSettings, redirectUri: string) {
      const config = await configure(settings);
      const checks: OidcChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, checks };
    },

    /**
     * Exchanges the code of the callback URL; throws on a state or nonce mismatch, a provider error or
     * an ID token that does not verify.
     */
    async finish(
      settings: OidcProviderSettings,
      callbackUrl: URL,
      checks: OidcChecks,
    ): Promise<OidcIdentity> {
      const config = await configure(settings);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('No ID token.');
      // Providers that keep the ID token small put the e-mail in userinfo only (same subject checked).
      const info =
        typeof claims.email === 'string'
          ? claims
          : { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      return {
        sub: claims.sub,
        email: typeof info.email === 'string' ? info.email.trim().toLowerCase() : undefined,
        emailVerified: info.email_verified === true,
        firstName: typeof info.given_name === 'string' ? info.given_name : '',
        lastName: typeof info.family_name === 'string' ? info.family_name : '',
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
