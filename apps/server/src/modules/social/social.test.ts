import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNetwork, SANDBOX_DEV_CREDENTIALS } from '@murmur/sandbox';
import type { User } from '@murmur/core/api';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import {
  facebookAuthorizeUrl,
  FACEBOOK_SCOPES,
  googleAuthorizeUrl,
  linkedinAuthorizeUrl,
  LINKEDIN_SCOPES,
  publicProviders,
  xOAuth2AuthorizeUrl,
} from './social-providers';

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

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

/** Picks an account on a sandbox consent page (the first offered, or the n-th) and approves. */
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

/** The whole OAuth 1.0a dance up to the access token. */
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

const google = SANDBOX_DEV_CREDENTIALS.google;
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

const me = async (auth: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/user/me/', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<User>();
};

describe('Sign in with X (OAuth 1.0a) against the mounted sandbox', () => {
  it('request_token → authorise → access_token → sign in → /api/user/me/', async () => {
    const { tokens } = await xTokens();
    expect(tokens.access_token).toMatch(/^\d+-/);
    const signedIn = await t.app.inject({ method: 'POST', url: '/rest-auth/twitter/', payload: tokens });
    expect(signedIn.statusCode).toBe(200);
    const { key, user } = signedIn.json<{ key: string; user: User }>();
    const xId = tokens.access_token.split('-')[0]!;
    expect(user.email).toBe(`x-${xId}@users.murmur.invalid`);
    expect(user.first_name).not.toBe('');
    expect(signedIn.cookies.map((c) => c.name).sort()).toEqual(['csrftoken', 'murmur_session']);

    const profile = await me({ authorization: `Token ${key}` });
    expect(profile.social_accounts).toEqual([{ id: expect.any(Number) as number, provider: 'twitter' }]);
    const listed = await t.app.inject({
      url: '/rest-auth/socialaccounts/',
      headers: { authorization: `Token ${key}` },
    });
    expect(listed.json()).toEqual([{ id: profile.social_accounts[0]!.id, provider: 'twitter', uid: xId }]);

    // The same X account signs in to the same user again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter/',
      payload: (await xTokens()).tokens,
    });
    expect(again.json<{ user: User }>().user.id).toBe(user.id);

    // Its only way in: it has no real e-mail address, so it cannot be disconnected.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/socialaccounts/${profile.social_accounts[0]!.id}/disconnect/`,
      headers: { authorization: `Token ${key}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ non_field_errors: string[] }>().non_field_errors[0]).toMatch(/only way to sign in/);
  });

  it('refuses a verifier for an unknown or used request token, and bad X tokens', async () => {
    const { params } = await xTokens();
    const reused = await t.app.inject({ url: `/rest-auth/twitter/access_token/?${params.toString()}` });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      non_field_errors: ['This sign-in with X has expired or was already used. Please start again.'],
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter/',
      payload: { access_token: '1-nope', access_token_secret: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ non_field_errors: ['Could not sign in with X. Please try again.'] });
    const missing = await t.app.inject({ method: 'POST', url: '/rest-auth/twitter/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<object>())).toEqual(['access_token', 'access_token_secret']);
    const noCallback = await t.app.inject({ url: '/rest-auth/twitter/request_token/' });
    expect(noCallback.statusCode).toBe(400);
  });
});

describe('Google code flow, connect and disconnect', () => {
  let googleAccountId: number;

  it('connects a Google account to the signed-in user, then signs in with it', async () => {
    const connected = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/connect/',
      headers: ann.tokenAuth,
      payload: await googleCode(1),
    });
    expect(connected.statusCode).toBe(200);
    const accounts = connected.json<User>().social_accounts;
    expect(accounts).toEqual([{ id: expect.any(Number) as number, provider: 'google' }]);
    googleAccountId = accounts[0]!.id;

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/',
      payload: await googleCode(1),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ user: User }>().user.id).toBe(ann.user.id);
  });

  it('refuses to connect an account that belongs to someone else', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/connect/',
      headers: bob.tokenAuth,
      payload: await googleCode(1),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: ['This social account is already connected to a different user.'],
    });
  });

  it('registers a new user with the verified Google address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/',
      payload: await googleCode(2),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user.email).toMatch(/@example\.com$/);
  });

  it('needs a signed-in user to connect, and CSRF with cookies', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/connect/',
      payload: { code: 'x', redirect_uri: `${origin}/login/google` },
    });
    expect(anonymous.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/connect/',
      headers: { cookie: ann.cookieAuth.cookie },
      payload: { code: 'x', redirect_uri: `${origin}/login/google` },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('rejects a wrong code with the provider named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/google/',
      payload: { code: 'wrong', redirect_uri: `${origin}/login/google` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Could not sign in with google. Please try again.'] });
  });

  it("answers 404 for another user's social account and disconnects one's own", async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/socialaccounts/${googleAccountId}/disconnect/`,
      headers: bob.tokenAuth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/socialaccounts/99999999999/disconnect/',
      headers: ann.tokenAuth,
    });
    expect(unknown.statusCode).toBe(404);

    const own = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/socialaccounts/${googleAccountId}/disconnect/`,
      headers: ann.cookieAuth,
    });
    expect(own.statusCode).toBe(200);
    expect((await me(ann.tokenAuth)).social_accounts).toEqual([]);
    const list = await t.app.inject({ url: '/rest-auth/socialaccounts/', headers: ann.tokenAuth });
    expect(list.json()).toEqual([]);
    expect((await t.app.inject({ url: '/rest-auth/socialaccounts/' })).statusCode).toBe(403);
  });
});

/** What the web app does for X OAuth 2.0: a PKCE pair from the server, X's consent page, the code. */
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

describe('Sign in with X (OAuth 2.0, PKCE)', () => {
  it('code-challenge → authorise → POST /rest-auth/twitter_oauth2/ signs in the same X user as OAuth 1.0a', async () => {
    const { code, code_verifier, redirectUri } = await xOAuth2Code(3);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter_oauth2/',
      payload: { code, redirect_uri: redirectUri },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code_verifier: ['This field is required.'] });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter_oauth2/',
      payload: { code, redirect_uri: redirectUri, code_verifier },
    });
    expect(signedIn.statusCode).toBe(200);
    const { user } = signedIn.json<{ user: User }>();
    expect(user.email).toMatch(/^x-\d+@users\.murmur\.invalid$/);
    expect(user.social_accounts).toEqual([{ id: expect.any(Number) as number, provider: 'twitter' }]);

    // The same account through OAuth 1.0a is the same user.
    const viaOAuth1 = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter/',
      payload: (await xTokens(3)).tokens,
    });
    expect(viaOAuth1.json<{ user: User }>().user.id).toBe(user.id);
  });
});

describe('Sign in with X (OAuth 2.0, PKCE): the verifier', () => {
  it('rejects a code exchanged with a verifier that does not match the challenge', async () => {
    const { code, code_verifier, redirectUri } = await xOAuth2Code(4);
    const other = (await t.app.inject({ url: '/rest-auth/twitter_oauth2_challenge/code-challenge/' })).json<{
      code_verifier: string;
    }>().code_verifier;
    expect(other).not.toBe(code_verifier);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter_oauth2/',
      payload: { code, redirect_uri: redirectUri, code_verifier: other },
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { non_field_errors: ['Could not sign in with X. Please try again.'] },
    ]);
    expect(
      (await t.app.inject({ url: '/rest-auth/socialaccounts/', headers: bob.tokenAuth })).json(),
    ).toEqual([]);
  });
});

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

describe('X OAuth 2.0 helpers', () => {
  it('hands out an S256 PKCE pair', async () => {
    const res = await t.app.inject({ url: '/rest-auth/twitter_oauth2_challenge/code-challenge/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code_challenge: expect.stringMatching(/^[\w-]{43}$/) as string,
      code_challenge_method: 'S256',
      code_verifier: expect.stringMatching(/^[\w-]{64}$/) as string,
    });
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
        authorize_url: `${origin}/sandbox/facebook/v19.0/dialog/oauth`,
        client_id: dev.facebook.clientId,
        scopes: ['email', 'public_profile', 'ads_management', 'ads_read', 'pages_show_list'],
      },
      {
        provider: 'google',
        authorize_url: `${origin}/sandbox/google/o/oauth2/v2/auth`,
        client_id: google.clientId,
        scopes: ['openid', 'email', 'profile'],
      },
      {
        provider: 'linkedin',
        authorize_url: `${origin}/sandbox/linkedin/oauth/v2/authorization`,
        client_id: dev.linkedin.clientId,
        scopes: LINKEDIN_SCOPES,
      },
      {
        provider: 'twitter_oauth2',
        authorize_url: `${origin}/sandbox/x/i/oauth2/authorize`,
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

/** The consent pages' wording of each SPEC §9 permission (the sandbox shows one line per scope). */
const SCOPE_WORDING: Record<'facebook' | 'linkedin', string[]> = {
  facebook: [
    'Your email address',
    'Manage your ads accounts',
    'Read your ads performance',
    'Show the list of Pages you manage',
  ],
  linkedin: [
    'Retrieve your advertising accounts',
    'Manage your advertising accounts',
    'Retrieve reporting for your advertising accounts',
    'Create, modify, and delete posts, comments, and reactions on your behalf',
  ],
};

describe.each([
  { provider: 'facebook' as const, picks: [5, 6, 7], specScopes: FACEBOOK_SCOPES },
  { provider: 'linkedin' as const, picks: [8, 9, 3], specScopes: LINKEDIN_SCOPES },
])('$provider authorization-code flow against the mounted sandbox', ({ provider, picks, specScopes }) => {
  // origin is known only once the server listens (beforeAll).
  const redirectUri = () => `${origin}/login/${provider}`;
  let consentUrl: string;

  /** What the web app does: the provider's consent page from /api/auth/providers/, then the code. */
  async function code(pick: number, state = 'st-1'): Promise<{ code: string; redirect_uri: string }> {
    const back = await approve(consentUrl.replace('STATE', state), pick);
    expect(back.origin + back.pathname).toBe(`${origin}/login/${provider}`);
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, redirect_uri: `${origin}/login/${provider}` };
  }

  beforeAll(async () => {
    const listed = (await t.app.inject({ url: '/api/auth/providers/' })).json<
      { provider: string; authorize_url: string; client_id: string; scopes: string[] }[]
    >();
    const entry = listed.find((p) => p.provider === provider)!;
    const url = new URL(entry.authorize_url);
    url.search = new URLSearchParams({
      client_id: entry.client_id,
      redirect_uri: `${origin}/login/${provider}`,
      response_type: 'code',
      scope: entry.scopes.join(' '),
      state: 'STATE',
    }).toString();
    consentUrl = url.toString();
  });

  it('requests the scopes of SPEC §9, which the provider shows on its consent page', async () => {
    const listed = (await t.app.inject({ url: '/api/auth/providers/' })).json<
      { provider: string; scopes: string[] }[]
    >();
    const scopes = listed.find((p) => p.provider === provider)!.scopes;
    expect(scopes).toEqual(specScopes);
    const page = await t.app.inject({ url: pathOf(consentUrl) });
    expect(page.statusCode).toBe(200);
    for (const wording of SCOPE_WORDING[provider]) expect(page.body).toContain(wording);
    // An unknown scope would have been sent back as the provider's error instead of a page.
    expect(page.body).toContain('<form method="post">');
  });

  it('connects the account to the signed-in user, then signs that user in with it', async () => {
    const carol = await t.signIn(`carol-${provider}@example.com`);
    const connected = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/connect/`,
      headers: carol.tokenAuth,
      payload: await code(picks[0]!),
    });
    expect(connected.statusCode).toBe(200);
    const linked = connected.json<User>();
    expect(linked.id).toBe(carol.user.id);
    expect(linked.social_accounts).toEqual([{ id: expect.any(Number) as number, provider }]);
    const listed = await t.app.inject({ url: '/rest-auth/socialaccounts/', headers: carol.tokenAuth });
    expect(listed.json()).toEqual([
      { id: linked.social_accounts[0]!.id, provider, uid: expect.stringMatching(/^\w+$/) as string },
    ]);

    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/`,
      payload: await code(picks[0]!),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ user: User }>().user.id).toBe(carol.user.id);
    expect(signedIn.cookies.map((c) => c.name).sort()).toEqual(['csrftoken', 'murmur_session']);

    // Someone else may not take it over.
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/connect/`,
      headers: bob.tokenAuth,
      payload: await code(picks[0]!),
    });
    expect([stolen.statusCode, stolen.json()]).toEqual([
      400,
      { non_field_errors: ['This social account is already connected to a different user.'] },
    ]);
  });

  it('creates a user with the address the email scope released, and finds the same user next time', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/`,
      payload: await code(picks[1]!),
    });
    expect(first.statusCode).toBe(200);
    const { user, key } = first.json<{ user: User; key: string }>();
    expect(user.email).toMatch(/^[a-z0-9_]+@example\.com$/);
    expect(user.first_name).not.toBe('');
    expect(user.social_accounts).toEqual([{ id: expect.any(Number) as number, provider }]);
    expect((await me({ authorization: `Token ${key}` })).id).toBe(user.id);
    const again = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/`,
      payload: await code(picks[1]!),
    });
    expect(again.json<{ user: User }>().user.id).toBe(user.id);
  });

  it('rejects a bad, reused or mismatched code with a 400 in the SPEC §8 shape', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/`,
      payload: { code: 'not-a-code', redirect_uri: redirectUri() },
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      { non_field_errors: [`Could not sign in with ${provider}. Please try again.`] },
    ]);
    const good = await code(picks[2]!);
    const otherRedirect = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/`,
      payload: { ...good, redirect_uri: `${origin}/login/elsewhere` },
    });
    expect(otherRedirect.statusCode).toBe(400);
    // The provider spent the code on the failed exchange: it cannot be used again.
    const reused = await t.app.inject({ method: 'POST', url: `/rest-auth/${provider}/`, payload: good });
    expect(reused.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/connect/`,
      headers: bob.tokenAuth,
      payload: { redirect_uri: redirectUri() },
    });
    expect([missing.statusCode, missing.json()]).toEqual([400, { code: ['This field is required.'] }]);
  });
});
