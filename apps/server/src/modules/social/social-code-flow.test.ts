import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@murmur/core/api';
import { FACEBOOK_SCOPES, LINKEDIN_SCOPES } from './social-providers';
import { pathOf, useSocialTestApp } from './social-test-kit';

/** The authorization-code flows: X OAuth 2.0 (PKCE), Facebook and LinkedIn. */
const t = useSocialTestApp();

describe('Sign in with X (OAuth 2.0, PKCE)', () => {
  it('code-challenge → authorise → POST /rest-auth/twitter_oauth2/ signs in the same X user as OAuth 1.0a', async () => {
    const { code, code_verifier, redirectUri } = await t.xOAuth2Code(3);
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
      payload: (await t.xTokens(3)).tokens,
    });
    expect(viaOAuth1.json<{ user: User }>().user.id).toBe(user.id);
  });
});

describe('Sign in with X (OAuth 2.0, PKCE): the verifier', () => {
  it('rejects a code exchanged with a verifier that does not match the challenge', async () => {
    const { code, code_verifier, redirectUri } = await t.xOAuth2Code(4);
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
      (await t.app.inject({ url: '/rest-auth/socialaccounts/', headers: t.bob.tokenAuth })).json(),
    ).toEqual([]);
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
  // t.origin is known only once the server listens (beforeAll).
  const redirectUri = () => `${t.origin}/login/${provider}`;
  let consentUrl: string;

  /** What the web app does: the provider's consent page from /api/auth/providers/, then the code. */
  async function code(pick: number, state = 'st-1'): Promise<{ code: string; redirect_uri: string }> {
    const back = await t.approve(consentUrl.replace('STATE', state), pick);
    expect(back.origin + back.pathname).toBe(`${t.origin}/login/${provider}`);
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, redirect_uri: `${t.origin}/login/${provider}` };
  }

  beforeAll(async () => {
    const listed = (await t.app.inject({ url: '/api/auth/providers/' })).json<
      { provider: string; authorize_url: string; client_id: string; scopes: string[] }[]
    >();
    const entry = listed.find((p) => p.provider === provider)!;
    const url = new URL(entry.authorize_url);
    url.search = new URLSearchParams({
      client_id: entry.client_id,
      redirect_uri: `${t.origin}/login/${provider}`,
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
      {
        id: linked.social_accounts[0]!.id,
        provider,
        uid: expect.stringMatching(/^\w+$/) as string,
        // Only an X account has an @handle.
        handle: null,
      },
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
      headers: t.bob.tokenAuth,
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
    expect((await t.me({ authorization: `Token ${key}` })).id).toBe(user.id);
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
      payload: { ...good, redirect_uri: `${t.origin}/login/elsewhere` },
    });
    expect(otherRedirect.statusCode).toBe(400);
    // The provider spent the code on the failed exchange: it cannot be used again.
    const reused = await t.app.inject({ method: 'POST', url: `/rest-auth/${provider}/`, payload: good });
    expect(reused.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/rest-auth/${provider}/connect/`,
      headers: t.bob.tokenAuth,
      payload: { redirect_uri: redirectUri() },
    });
    expect([missing.statusCode, missing.json()]).toEqual([400, { code: ['This field is required.'] }]);
  });
});
