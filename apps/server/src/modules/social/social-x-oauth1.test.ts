import { describe, expect, it } from 'vitest';
import type { User } from '@murmur/core/api';
import { useSocialTestApp } from './social-test-kit';

/** Sign in with X over OAuth 1.0a: the request token, X's consent page, the access token. */
const t = useSocialTestApp();

describe('Sign in with X (OAuth 1.0a) against the mounted sandbox', () => {
  it('request_token → authorise → access_token → sign in → /api/user/me/', async () => {
    const { tokens } = await t.xTokens();
    expect(tokens.access_token).toMatch(/^\d+-/);
    const signedIn = await t.app.inject({ method: 'POST', url: '/rest-auth/twitter/', payload: tokens });
    expect(signedIn.statusCode).toBe(200);
    const { key, user } = signedIn.json<{ key: string; user: User }>();
    const xId = tokens.access_token.split('-')[0]!;
    expect(user.email).toBe(`x-${xId}@users.murmur.invalid`);
    expect(user.first_name).not.toBe('');
    expect(signedIn.cookies.map((c) => c.name).sort()).toEqual(['csrftoken', 'murmur_session']);

    const profile = await t.me({ authorization: `Token ${key}` });
    expect(profile.social_accounts).toEqual([{ id: expect.any(Number) as number, provider: 'twitter' }]);
    const listed = await t.app.inject({
      url: '/rest-auth/socialaccounts/',
      headers: { authorization: `Token ${key}` },
    });
    // The linked X account is named by its @handle, X's username.
    expect(listed.json()).toEqual([
      {
        id: profile.social_accounts[0]!.id,
        provider: 'twitter',
        uid: xId,
        handle: expect.stringMatching(/^\w+$/) as string,
      },
    ]);

    // The same X account signs in to the same user again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter/',
      payload: (await t.xTokens()).tokens,
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
    const { params } = await t.xTokens();
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
