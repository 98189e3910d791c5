import { createHash, createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { startSandbox, submitConsent } from '../x-test-kit';

const query = (params: Record<string, string>): string => new URLSearchParams(params).toString();

const sandbox = await startSandbox();
const { network: net, base } = sandbox;
afterAll(() => sandbox.app.close());

const REDIRECT = 'https://murmur.example/auth/callback';
const ACCOUNT = 77;
const idOf = (a: number): string => net.accounts.ids[a]!.toString();
const emailOf = (a: number): string => `${net.accounts.handles[a]!.toLowerCase()}@example.com`;

/** Consent for ACCOUNT at an authorisation URL; the code (or error) comes back on the redirect. */
async function authorize(url: string): Promise<URLSearchParams> {
  const consent = await submitConsent(url, idOf(ACCOUNT));
  return new URL(consent.location!).searchParams;
}

const json = async (response: Response): Promise<Record<string, unknown>> =>
  (await response.json()) as Record<string, unknown>;

describe('sign-in provider stand-ins', () => {
  it('Facebook: dialog, token exchange, Graph /me with email, permissions; unknown scopes rejected', async () => {
    const { clientId, clientSecret } = SANDBOX_DEV_CREDENTIALS.facebook;
    const dialog = (scope: string) =>
      `${base}/facebook/v19.0/dialog/oauth?${query({ client_id: clientId, redirect_uri: REDIRECT, state: '42', scope })}`;
    const back = await authorize(dialog('email,public_profile,ads_management,ads_read,pages_show_list'));
    expect(back.get('state')).toBe('42');
    const token = await json(
      await fetch(
        `${base}/facebook/v19.0/oauth/access_token?${query({ client_id: clientId, client_secret: clientSecret, redirect_uri: REDIRECT, code: back.get('code')! })}`,
      ),
    );
    expect(token.token_type).toBe('bearer');
    const me = await json(
      await fetch(
        `${base}/facebook/v19.0/me?fields=id,name,email&access_token=${String(token.access_token)}`,
      ),
    );
    expect(me).toEqual({
      id: expect.stringMatching(/^\d{15,}$/) as string,
      name: net.accounts.names[ACCOUNT],
      email: emailOf(ACCOUNT),
    });
    const permissions = await json(
      await fetch(`${base}/facebook/me/permissions`, {
        headers: { authorization: `Bearer ${String(token.access_token)}` },
      }),
    );
    expect(permissions.data).toContainEqual({ permission: 'ads_management', status: 'granted' });

    const bad = await fetch(dialog('email,user_posts'), { redirect: 'manual' });
    const error = new URL(bad.headers.get('location')!).searchParams;
    expect([error.get('error'), error.get('error_description'), error.get('state')]).toEqual([
      'invalid_scope',
      'Invalid Scopes: user_posts',
      '42',
    ]);
    const wrongSecret = await fetch(
      `${base}/facebook/oauth/access_token?client_id=${clientId}&client_secret=x&code=y&redirect_uri=${REDIRECT}`,
    );
    expect((await json(wrongSecret)).error).toMatchObject({ type: 'OAuthException' });
  });

  it('Google: PKCE code flow, RS256 id_token verifiable with the published keys, userinfo; bad scopes rejected', async () => {
    const { clientId, clientSecret } = SANDBOX_DEV_CREDENTIALS.google;
    const verifier = 'a'.repeat(20) + 'B'.repeat(30);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const auth = (scope: string) =>
      `${base}/google/o/oauth2/v2/auth?${query({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope, state: 'g', nonce: 'n-1', code_challenge: challenge, code_challenge_method: 'S256' })}`;
    const back = await authorize(auth('openid email profile'));
    const token = await json(
      await fetch(`${base}/google/token`, {
        method: 'POST',
        body: new URLSearchParams({
          code: back.get('code')!,
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uri: REDIRECT,
          grant_type: 'authorization_code',
          code_verifier: verifier,
        }),
      }),
    );
    expect(token.scope).toBe(
      'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
    );
    const [header, payload, signature] = String(token.id_token).split('.') as [string, string, string];
    const { keys } = (await json(await fetch(`${base}/google/oauth2/v3/certs`))) as { keys: JsonWebKey[] };
    const key = createPublicKey({ key: keys[0]!, format: 'jwk' });
    expect(
      createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(key, signature, 'base64url'),
    ).toBe(true);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      aud: clientId,
      nonce: 'n-1',
      email: emailOf(ACCOUNT),
      email_verified: true,
      iss: `${base}/google`,
    });
    const info = await json(
      await fetch(`${base}/google/v1/userinfo`, {
        headers: { authorization: `Bearer ${String(token.access_token)}` },
      }),
    );
    expect(info).toMatchObject({
      sub: claims.sub,
      name: net.accounts.names[ACCOUNT],
      email: emailOf(ACCOUNT),
    });

    const bad = new URL(
      (await fetch(auth('openid https://www.googleapis.com/auth/drive'), { redirect: 'manual' })).headers.get(
        'location',
      )!,
    );
    expect(bad.searchParams.get('error')).toBe('invalid_scope');
    const replay = await fetch(`${base}/google/token`, {
      method: 'POST',
      body: new URLSearchParams({
        code: back.get('code')!,
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: REDIRECT,
        grant_type: 'authorization_code',
      }),
    });
    expect([replay.status, (await json(replay)).error]).toEqual([400, 'invalid_grant']);
  });

  it('LinkedIn: SPEC §9 scopes, token exchange, /v2/userinfo; unknown scopes rejected like LinkedIn', async () => {
    const { clientId, clientSecret } = SANDBOX_DEV_CREDENTIALS.linkedin;
    const auth = (scope: string) =>
      `${base}/linkedin/oauth/v2/authorization?${query({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, state: 'li', scope })}`;
    const scopes =
      'openid profile email r_emailaddress r_ads rw_ads w_organization_social w_member_social r_basicprofile r_liteprofile r_ads_reporting';
    const back = await authorize(auth(scopes));
    const token = await json(
      await fetch(`${base}/linkedin/oauth/v2/accessToken`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.get('code')!,
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uri: REDIRECT,
        }),
      }),
    );
    expect(String(token.scope).split(',')).toContain('rw_ads');
    const headers = { authorization: `Bearer ${String(token.access_token)}` };
    expect(await json(await fetch(`${base}/linkedin/v2/userinfo`, { headers }))).toMatchObject({
      email: emailOf(ACCOUNT),
      name: net.accounts.names[ACCOUNT],
      email_verified: true,
    });
    expect(
      (await fetch(`${base}/linkedin/v2/userinfo`, { headers: { authorization: 'Bearer nope' } })).status,
    ).toBe(401);

    const bad = new URL(
      (await fetch(auth('openid r_fullprofile'), { redirect: 'manual' })).headers.get('location')!,
    );
    expect([bad.searchParams.get('error'), bad.searchParams.get('error_description')]).toEqual([
      'unauthorized_scope_error',
      'Scope "r_fullprofile" is not authorized for your application',
    ]);
    const cancelled = await submitConsent(auth('openid'), idOf(ACCOUNT), 'deny');
    expect(new URL(cancelled.location!).searchParams.get('error')).toBe('user_cancelled_authorize');
  });
});
