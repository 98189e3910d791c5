import { TwitterApi, type ApiResponseError } from 'twitter-api-v2';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { signInWithOAuth2, startSandbox, submitConsent } from '../x-test-kit';

const query = (params: Record<string, string>): string => new URLSearchParams(params).toString();

const sandbox = await startSandbox();
const { network: net, base, settings } = sandbox;
const { clientId, clientSecret, bearerToken, consumerKey, consumerSecret } = SANDBOX_DEV_CREDENTIALS.x;
const app = new TwitterApi({ clientId, clientSecret }, settings);
const REDIRECT = 'https://murmur.example/rest-auth/twitter_oauth2/callback';
afterAll(() => sandbox.app.close());

const idOf = (a: number): string => net.accounts.ids[a]!.toString();
const tokenRequest = (body: Record<string, string>) =>
  fetch(`${base}/x/2/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
    body: new URLSearchParams(body),
  });

describe('OAuth 2.0 authorization code with PKCE (twitter-api-v2 generateOAuth2AuthLink / loginWithOAuth2)', () => {
  it('issues tokens for the chosen account, rotates refresh tokens and honours revocation', async () => {
    const link = app.generateOAuth2AuthLink(REDIRECT, {
      scope: ['tweet.read', 'users.read', 'offline.access'],
      state: 'abc123',
    });
    expect(link.url.startsWith(`${base}/x/i/oauth2/authorize?`)).toBe(true);
    const page = await (await fetch(link.url)).text();
    expect(page).toContain('See any account you can view, including protected accounts');
    const consent = await submitConsent(link.url, idOf(12));
    const back = new URL(consent.location!);
    expect(back.searchParams.get('state')).toBe('abc123');
    const code = back.searchParams.get('code')!;
    const login = await app.loginWithOAuth2({ code, codeVerifier: link.codeVerifier, redirectUri: REDIRECT });
    expect(login.scope.sort()).toEqual(['offline.access', 'tweet.read', 'users.read']);
    expect(login.expiresIn).toBe(7200);
    expect((await login.client.v2.me()).data.id).toBe(idOf(12));
    // Codes are single use.
    const reused = (await app
      .loginWithOAuth2({ code, codeVerifier: link.codeVerifier, redirectUri: REDIRECT })
      .catch((e: unknown) => e)) as ApiResponseError;
    expect([reused.code, reused.data.error]).toEqual([400, 'invalid_request']);

    const refreshed = await app.refreshOAuth2Token(login.refreshToken!);
    expect((await refreshed.client.v2.me()).data.id).toBe(idOf(12));
    const stale = (await app
      .refreshOAuth2Token(login.refreshToken!)
      .catch((e: unknown) => e)) as ApiResponseError;
    expect(stale.code).toBe(400);
    await app.revokeOAuth2Token(refreshed.accessToken, 'access_token');
    expect(((await refreshed.client.v2.me().catch((e: unknown) => e)) as ApiResponseError).code).toBe(401);
  });

  it('accepts the plain method, refuses a wrong verifier, a bad scope and a denial the OAuth way', async () => {
    const authorize = (params: Record<string, string>) =>
      `${base}/x/i/oauth2/authorize?${query({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, state: 's', ...params })}`;
    const plain = authorize({
      scope: 'tweet.read users.read',
      code_challenge: 'challenge',
      code_challenge_method: 'plain',
    });
    const code = () =>
      submitConsent(plain, idOf(3)).then((c) => new URL(c.location!).searchParams.get('code')!);
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: REDIRECT,
      code_verifier: 'challenge2',
    });
    expect([wrong.status, (await wrong.json()) as object]).toEqual([
      400,
      {
        error: 'invalid_request',
        error_description: 'Value passed for the code verifier did not match the code challenge.',
      },
    ]);
    const right = await tokenRequest({
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: REDIRECT,
      code_verifier: 'challenge',
    });
    expect(((await right.json()) as { scope: string }).scope).toBe('tweet.read users.read');

    const badScope = await fetch(authorize({ scope: 'tweet.read dm.everything', code_challenge: 'c' }), {
      redirect: 'manual',
    });
    const error = new URL(badScope.headers.get('location')!);
    expect([error.searchParams.get('error'), error.searchParams.get('state')]).toEqual([
      'invalid_scope',
      's',
    ]);
    const denied = await submitConsent(plain, idOf(3), 'deny');
    expect(new URL(denied.location!).searchParams.get('error')).toBe('access_denied');
    const unknownClient = await fetch(
      authorize({ client_id: 'nope', scope: 'tweet.read', code_challenge: 'c' }),
    );
    expect(unknownClient.status).toBe(400);
  });

  it('enforces scopes and auth types on the X API', async () => {
    const reader = await signInWithOAuth2(sandbox, 20, ['tweet.read', 'users.read']);
    const refused = (await reader.v2.follow(idOf(20), idOf(21)).catch((e: unknown) => e)) as ApiResponseError;
    expect([refused.code, refused.data.detail]).toEqual([403, 'Missing OAuth 2.0 scopes: follows.write']);
    const appOnly = new TwitterApi(bearerToken, settings);
    expect(((await appOnly.v2.me().catch((e: unknown) => e)) as ApiResponseError).data.title).toBe(
      'Unsupported Authentication',
    );
    // App-only Bearer tokens can also be minted from the consumer key and secret.
    const minted = await new TwitterApi(
      { appKey: consumerKey, appSecret: consumerSecret },
      settings,
    ).appLogin();
    expect((await minted.v2.user(idOf(20))).data.id).toBe(idOf(20));
  });
});
