import { describe, expect, it } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/sandbox';
import {
  facebookAuthorizeUrl,
  googleAuthorizeUrl,
  linkedinAuthorizeUrl,
  LINKEDIN_SCOPES,
  publicProviders,
  xOAuth2AuthorizeUrl,
} from './social-providers';
import { google, useSocialTestApp } from './social-test-kit';

/** The providers the web app offers (and where their consent pages are), and the mounted sandbox. */
const t = useSocialTestApp();

describe('the mounted sandbox', () => {
  it('is served under /sandbox but kept out of the OpenAPI document', async () => {
    const header = await t.app.inject({ url: '/sandbox/' });
    expect(header.json()).toMatchObject({ format: 'murmur-sandbox-export', accounts: 2000 });
    const docs = await t.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain('/rest-auth/socialaccounts/');
    expect(paths.filter((p) => p.startsWith('/sandbox'))).toEqual([]);
  });
});

describe('GET /api/auth/providers/', () => {
  it('lists every configured provider with the sandbox consent pages and public client ids, signed out', async () => {
    const res = await t.app.inject({ url: '/api/auth/providers/' });
    expect(res.statusCode).toBe(200);
    const dev = SANDBOX_DEV_CREDENTIALS;
    expect(res.json()).toEqual([
      {
        provider: 'facebook',
        authorize_url: `${t.origin}/sandbox/facebook/v19.0/dialog/oauth`,
        client_id: dev.facebook.clientId,
        scopes: ['email', 'public_profile', 'ads_management', 'ads_read', 'pages_show_list'],
      },
      {
        provider: 'google',
        authorize_url: `${t.origin}/sandbox/google/o/oauth2/v2/auth`,
        client_id: google.clientId,
        scopes: ['openid', 'email', 'profile'],
      },
      {
        provider: 'linkedin',
        authorize_url: `${t.origin}/sandbox/linkedin/oauth/v2/authorization`,
        client_id: dev.linkedin.clientId,
        scopes: LINKEDIN_SCOPES,
      },
      {
        provider: 'twitter_oauth2',
        authorize_url: `${t.origin}/sandbox/x/i/oauth2/authorize`,
        client_id: dev.x.clientId,
        scopes: ['tweet.read', 'users.read'],
      },
    ]);
    for (const secret of [google.clientSecret, dev.facebook.clientSecret, dev.linkedin.clientSecret])
      expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(dev.x.clientSecret);
  });

  it("points at the providers' own pages outside the sandbox, and hides a provider without credentials", () => {
    const real = (tokenUrl: string) => ({
      clientId: 'id',
      clientSecret: 'secret',
      tokenUrl,
      userInfoUrl: '',
    });
    expect(googleAuthorizeUrl(real('https://oauth2.googleapis.com/token'))).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth',
    );
    expect(facebookAuthorizeUrl(real('https://graph.facebook.com/v19.0/oauth/access_token'))).toBe(
      'https://www.facebook.com/v19.0/dialog/oauth',
    );
    expect(linkedinAuthorizeUrl(real('https://www.linkedin.com/oauth/v2/accessToken'))).toBe(
      'https://www.linkedin.com/oauth/v2/authorization',
    );
    const x = {
      apiUrl: 'https://api.x.com/2/',
      oauthUrl: 'https://api.x.com/oauth/',
      consumerKey: 'k',
      consumerSecret: 's',
      clientId: 'x-client',
      clientSecret: undefined,
    };
    expect(xOAuth2AuthorizeUrl(x)).toBe('https://x.com/i/oauth2/authorize');
    const off = real('https://oauth2.googleapis.com/token');
    const none = { ...off, clientId: undefined };
    expect(
      publicProviders({ x: { ...x, clientId: undefined }, facebook: none, google: none, linkedin: none }),
    ).toEqual([]);
    // A public X client (no secret) is still offered; a provider without its secret is not.
    expect(
      publicProviders({ x, facebook: { ...off, clientSecret: undefined }, google: none, linkedin: none }).map(
        (p) => p.provider,
      ),
    ).toEqual(['twitter_oauth2']);
  });
});
