import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import type { User } from '@murmur/core/api';
import { useSandboxTestApp, type SandboxTestApp } from '../../test/sandbox-test-kit';
import type { TestSession } from '../../test/test-app';

export { pathOf } from '../../test/sandbox-test-kit';

export const google = SANDBOX_DEV_CREDENTIALS.google;

/**
 * The app of a social sign-in test file (the shared sandbox kit, 2 000 accounts, no engine), two
 * signed-in users, and what the web app does on each provider's pages.
 */
export interface SocialTestApp {
  readonly app: FastifyInstance;
  /** Where the app listens; the sandbox's consent pages and the callbacks are under it. */
  readonly origin: string;
  readonly ann: TestSession;
  readonly bob: TestSession;
  signIn(email: string): Promise<TestSession>;
  approve: SandboxTestApp['approve'];
  xTokens: SandboxTestApp['xTokens'];
  /** A Google authorization code for the n-th sandbox account, with the redirect URI it was issued for. */
  googleCode(pick?: number): Promise<{ code: string; redirect_uri: string }>;
  /** What the web app does for X OAuth 2.0: a PKCE pair from the server, X's consent page, the code. */
  xOAuth2Code(pick: number): Promise<{ code: string; code_verifier: string; redirectUri: string }>;
  /** GET /api/user/me/ with those headers; expects a 200. */
  me(auth: Record<string, string>): Promise<User>;
}

/** Starts the app before the file's tests (beforeAll) and closes it after them. */
export function useSocialTestApp(): SocialTestApp {
  const kit = useSandboxTestApp({ accounts: 2000, seed: 'social-tests', engine: false });
  let ann: TestSession;
  let bob: TestSession;
  beforeAll(async () => {
    ann = await kit.t.signIn('ann@example.com');
    bob = await kit.t.signIn('bob@example.com');
  });

  async function googleCode(pick = 0) {
    const redirectUri = `${kit.origin}/login/google`;
    const authorize = new URL(`${kit.origin}/sandbox/google/o/oauth2/v2/auth`);
    authorize.search = new URLSearchParams({
      client_id: google.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: '12345',
    }).toString();
    const back = await kit.approve(authorize.toString(), pick);
    expect(back.searchParams.get('state')).toBe('12345');
    return { code: back.searchParams.get('code')!, redirect_uri: redirectUri };
  }

  async function xOAuth2Code(pick: number) {
    const pair = await kit.app.inject({ url: '/rest-auth/twitter_oauth2_challenge/code-challenge/' });
    const { code_challenge, code_verifier } = pair.json<{ code_challenge: string; code_verifier: string }>();
    const redirectUri = `${kit.origin}/login/twitter_oauth2`;
    const authorize = new URL(`${kit.origin}/sandbox/x/i/oauth2/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: SANDBOX_DEV_CREDENTIALS.x.clientId,
      redirect_uri: redirectUri,
      scope: 'tweet.read users.read',
      state: `state-${pick}`,
      code_challenge,
      code_challenge_method: 'S256',
    }).toString();
    const back = await kit.approve(authorize.toString(), pick);
    expect(back.searchParams.get('state')).toBe(`state-${pick}`);
    return { code: back.searchParams.get('code')!, code_verifier, redirectUri };
  }

  const me = async (auth: Record<string, string>) => {
    const res = await kit.app.inject({ url: '/api/user/me/', headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json<User>();
  };

  return {
    get app() {
      return kit.app;
    },
    get origin() {
      return kit.origin;
    },
    get ann() {
      return ann;
    },
    get bob() {
      return bob;
    },
    signIn: (email) => kit.t.signIn(email),
    approve: (pageUrl, pick) => kit.approve(pageUrl, pick),
    xTokens: (pick) => kit.xTokens(pick),
    googleCode,
    xOAuth2Code,
    me,
  };
}
