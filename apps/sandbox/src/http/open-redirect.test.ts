import Fastify, { type FastifyInstance } from 'fastify';
import { TwitterApi, type ApiResponseError } from 'twitter-api-v2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '../generate/network';
import { SANDBOX_DEV_CREDENTIALS, type SandboxCallbacks } from './options';
import { createSandboxPlugin } from './sandbox-plugin';
import { startSandbox, type RunningSandbox } from './x-test-kit';

/**
 * The OAuth stand-ins send the browser only to the callback URLs registered for the client (exact
 * match, as X and Google compare them); anything else gets a 400 in the provider's own error shape
 * and no redirect, so the sandbox on the product's domain is no open redirect.
 */

const EVIL = 'https://evil.example/login';
const network = generateNetwork({ accounts: 200, seed: 'open-redirect' });
const dev = SANDBOX_DEV_CREDENTIALS;
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function sandboxApp(callbacks?: SandboxCallbacks): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(createSandboxPlugin({ network, ...(callbacks && { callbacks }) }), {
    prefix: '/sandbox',
  });
  return app;
}

const at = (origin: string): SandboxCallbacks => ({
  x: [`${origin}/login/twitter`],
  xOAuth2: [`${origin}/login/twitter_oauth2`],
  facebook: [`${origin}/login/facebook`],
  google: [`${origin}/login/google`],
  linkedin: [`${origin}/login/linkedin`],
});

/** Each code-flow stand-in: its consent page URL for a redirect URI, and its error body for a foreign one. */
const STAND_INS = [
  {
    name: 'X OAuth 2.0',
    key: 'xOAuth2',
    url: (redirect: string) =>
      `/sandbox/x/i/oauth2/authorize?${query({
        response_type: 'code',
        client_id: dev.x.clientId,
        redirect_uri: redirect,
        scope: 'tweet.read users.read',
        state: 's',
        code_challenge: 'challenge',
        code_challenge_method: 'plain',
      })}`,
    error: { error: 'invalid_request', error_description: expect.any(String) as string },
  },
  {
    name: 'Google',
    key: 'google',
    url: (redirect: string) =>
      `/sandbox/google/o/oauth2/v2/auth?${query({ client_id: dev.google.clientId, redirect_uri: redirect, response_type: 'code', scope: 'openid email', state: 's' })}`,
    error: { error: 'redirect_uri_mismatch', error_description: expect.any(String) as string },
  },
  {
    name: 'Facebook',
    key: 'facebook',
    url: (redirect: string) =>
      `/sandbox/facebook/v19.0/dialog/oauth?${query({ client_id: dev.facebook.clientId, redirect_uri: redirect, state: 's', scope: 'email' })}`,
    error: { error: expect.objectContaining({ type: 'OAuthException', code: 191 }) as object },
  },
  {
    name: 'LinkedIn',
    key: 'linkedin',
    url: (redirect: string) =>
      `/sandbox/linkedin/oauth/v2/authorization?${query({ response_type: 'code', client_id: dev.linkedin.clientId, redirect_uri: redirect, state: 's', scope: 'openid' })}`,
    error: { error: 'invalid_redirect_uri', error_description: expect.any(String) as string },
  },
] as const;

describe('OAuth stand-ins and redirect URIs', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await sandboxApp(at('https://murmur.example'));
  });
  afterAll(() => app.close());

  it.each(STAND_INS)('$name refuses an unregistered redirect_uri with 400 in its own shape', async (s) => {
    const registered = `https://murmur.example/login/${s.key === 'xOAuth2' ? 'twitter_oauth2' : s.key}`;
    for (const foreign of [
      `${EVIL}/${s.key}`,
      `${registered}?next=https://evil.example/`,
      `${registered}.evil.example`,
      'https://murmur.example/login/other',
      'javascript:alert(1)',
      '',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({
          method,
          url: s.url(foreign),
          ...(method === 'POST' && {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: query({ decision: 'allow', account: network.accounts.ids[1]!.toString() }),
          }),
        });
        expect([res.statusCode, res.headers.location], `${method} ${foreign}`).toEqual([400, undefined]);
        expect(res.json(), `${method} ${foreign}`).toEqual(s.error);
      }
    }
    // The registered callback itself is accepted: the consent page is shown.
    expect((await app.inject({ url: s.url(registered) })).statusCode).toBe(200);
  });

  it('accepts only the default Murmur callbacks (http://localhost:3000/login/…) when none are configured', async () => {
    const defaults = await sandboxApp();
    for (const s of STAND_INS) {
      const path = s.key === 'xOAuth2' ? 'twitter_oauth2' : s.key;
      expect((await defaults.inject({ url: s.url(`http://localhost:3000/login/${path}`) })).statusCode).toBe(
        200,
      );
      expect((await defaults.inject({ url: s.url(`http://localhost:3001/login/${path}`) })).statusCode).toBe(
        400,
      );
    }
    await defaults.close();
  });
});

describe('X OAuth 1.0a request tokens', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ network, callbacks: at('https://murmur.example') });
  });
  afterAll(() => sandbox.app.close());

  it("refuses an oauth_callback that is not the app's registered one, as X does (403, code 415)", async () => {
    const consumer = new TwitterApi(
      { appKey: dev.x.consumerKey, appSecret: dev.x.consumerSecret },
      sandbox.settings,
    );
    const refused = (await consumer
      .generateAuthLink(`${EVIL}/twitter`)
      .catch((e: unknown) => e)) as ApiResponseError;
    expect([refused.code, refused.data]).toEqual([
      403,
      { errors: [{ code: 415, message: 'Callback URL not approved for this client application.' }] },
    ]);
    for (const foreign of [
      'https://murmur.example/login/twitter/elsewhere',
      'https://murmur.example@evil.example/login/twitter',
      'http://murmur.example/login/twitter',
    ]) {
      const error = (await consumer.generateAuthLink(foreign).catch((e: unknown) => e)) as ApiResponseError;
      expect(error.code, foreign).toBe(403);
    }
    // X lets the request add a query string to a registered callback (the web app sends its state).
    for (const own of [
      'https://murmur.example/login/twitter',
      'https://murmur.example/login/twitter?state=42',
    ]) {
      const accepted = await consumer.generateAuthLink(own);
      expect(accepted.oauth_callback_confirmed, own).toBe('true');
    }
    expect((await consumer.generateAuthLink('oob')).oauth_callback_confirmed).toBe('true');
  });
});
