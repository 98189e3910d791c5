import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { generateNetwork, SANDBOX_DEV_CREDENTIALS } from '@murmur/sandbox';
import type { User } from '@murmur/core/api';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';

/** A port that was free a moment ago: the X client really calls the sandbox over HTTP. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

export const google = SANDBOX_DEV_CREDENTIALS.google;

/**
 * The app of a social sign-in test file, listening on a real port with the sandbox (2 000 accounts)
 * mounted under /sandbox, two signed-in users, and what the web app does on each provider's pages.
 */
export interface SocialTestApp {
  readonly app: FastifyInstance;
  /** Where the app listens; the sandbox's consent pages and the callbacks are under it. */
  readonly origin: string;
  readonly ann: TestSession;
  readonly bob: TestSession;
  signIn(email: string): Promise<TestSession>;
  /** Picks an account on a sandbox consent page (the first offered, or the n-th) and approves. */
  approve(pageUrl: string, pick?: number): Promise<URL>;
  /** The whole OAuth 1.0a dance up to the access token. */
  xTokens(pick?: number): Promise<{
    params: URLSearchParams;
    tokens: { access_token: string; access_token_secret: string };
  }>;
  /** A Google authorization code for the n-th sandbox account, with the redirect URI it was issued for. */
  googleCode(pick?: number): Promise<{ code: string; redirect_uri: string }>;
  /** What the web app does for X OAuth 2.0: a PKCE pair from the server, X's consent page, the code. */
  xOAuth2Code(pick: number): Promise<{ code: string; code_verifier: string; redirectUri: string }>;
  /** GET /api/user/me/ with those headers; expects a 200. */
  me(auth: Record<string, string>): Promise<User>;
}

/** Starts the app before the file's tests (beforeAll) and closes it after them. */
export function useSocialTestApp(): SocialTestApp {
  let t: TestApp;
  let origin: string;
  let ann: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    const network = generateNetwork({ accounts: 2000, seed: 'social-tests' });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({ publicUrl: origin }, { sandbox: network });
    await t.app.listen({ port, host: '127.0.0.1' });
    ann = await t.signIn('ann@example.com');
    bob = await t.signIn('bob@example.com');
  }, 120_000);
  afterAll(() => t?.close());

  async function approve(pageUrl: string, pick = 0): Promise<URL> {
    const page = await t.app.inject({ url: pathOf(pageUrl) });
    expect(page.statusCode).toBe(200);
    const post = /<form method="post">([\s\S]*?)<\/form>/.exec(page.body)?.[1] ?? '';
    const form = new URLSearchParams();
    for (const m of post.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      form.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
    const accounts = [...post.matchAll(/name="account"\s+value="(\d+)"/g)].map((m) => m[1]!);
    form.set('account', accounts[pick]!);
    form.set('decision', 'allow');
    const decided = await t.app.inject({
      method: 'POST',
      url: pathOf(pageUrl),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(decided.statusCode).toBe(302);
    return new URL(decided.headers.location!);
  }

  async function xTokens(pick = 0) {
    const callback = `${origin}/login/twitter`;
    const requested = await t.app.inject({
      url: `/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(callback)}`,
    });
    expect(requested.statusCode).toBe(200);
    const { oauth_token, authorize_url } = requested.json<{ oauth_token: string; authorize_url: string }>();
    expect(authorize_url).toBe(`${origin}/sandbox/x/oauth/authenticate?oauth_token=${oauth_token}`);
    const back = await approve(`${authorize_url}&force_login=true`, pick);
    expect(back.origin + back.pathname).toBe(callback);
    expect(back.searchParams.get('oauth_token')).toBe(oauth_token);
    const exchanged = await t.app.inject({
      url: `/rest-auth/twitter/access_token/?${back.searchParams.toString()}`,
    });
    expect(exchanged.statusCode).toBe(200);
    return {
      params: back.searchParams,
      tokens: exchanged.json<{ access_token: string; access_token_secret: string }>(),
    };
  }

  async function googleCode(pick = 0) {
    const redirectUri = `${origin}/login/google`;
    const authorize = new URL(`${origin}/sandbox/google/o/oauth2/v2/auth`);
    authorize.search = new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: '12345',
    }).toString();
    const back = await approve(authorize.toString(), pick);
    expect(back.searchParams.get('state')).toBe('12345');
    return { code: back.searchParams.get('code')!, redirect_uri: redirectUri };
  }

  async function xOAuth2Code(pick: number) {
    const pair = await t.app.inject({ url: '/rest-auth/twitter_oauth2_challenge/code-challenge/' });
    const { code_challenge, code_verifier } = pair.json<{ code_challenge: string; code_verifier: string }>();
    const redirectUri = `${origin}/login/twitter_oauth2`;
    const authorize = new URL(`${origin}/sandbox/x/i/oauth2/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: SANDBOX_DEV_CREDENTIALS.x.clientId,
      redirect_uri: redirectUri,
      scope: 'tweet.read users.read',
      state: `state-${pick}`,
      code_challenge,
      code_challenge_method: 'S256',
    }).toString();
    const back = await approve(authorize.toString(), pick);
    expect(back.searchParams.get('state')).toBe(`state-${pick}`);
    return { code: back.searchParams.get('code')!, code_verifier, redirectUri };
  }

  const me = async (auth: Record<string, string>) => {
    const res = await t.app.inject({ url: '/api/user/me/', headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json<User>();
  };

  return {
    get app() {
      return t.app;
    },
    get origin() {
      return origin;
    },
    get ann() {
      return ann;
    },
    get bob() {
      return bob;
    },
    signIn: (email) => t.signIn(email),
    approve,
    xTokens,
    googleCode,
    xOAuth2Code,
    me,
  };
}
