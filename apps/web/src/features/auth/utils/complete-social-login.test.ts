import type { SignInResponse, User } from '@murmur/core/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkOAuthState } from '@/lib/social-login';
import { session, storageKeys } from '@/lib/storage';
import { completeSocialLogin, isSocialCallback, UnauthorizedLoginAttempt } from './complete-social-login';

const user = { id: 7, email: 'x-1@users.murmur.invalid' } as unknown as User;
const signIn: SignInResponse = { key: 'k', user };
const tokens = { access_token: 'a', access_token_secret: 's' };

const deps = () => ({
  getTwitterAccessToken: vi.fn().mockResolvedValue(tokens),
  twitterLogin: vi.fn().mockResolvedValue(signIn),
  twitterConnect: vi.fn().mockResolvedValue(user),
  codeLogin: vi.fn().mockResolvedValue(signIn),
  codeConnect: vi.fn().mockResolvedValue(user),
});

const redirect = 'http://localhost/login/google';

describe('social login state check', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('accepts only the stored state, once', () => {
    session.set(storageKeys.oauthState, '123');
    expect(checkOAuthState('123')).toBe(true);
    expect(checkOAuthState('123')).toBe(false);
  });

  it('rejects a different or missing state without calling the server', async () => {
    session.set(storageKeys.oauthState, '123');
    const d = deps();
    const params = new URLSearchParams({ oauth_token: 't', oauth_verifier: 'v', state: '999' });
    await expect(completeSocialLogin('twitter', params, redirect, d)).rejects.toThrow(
      new UnauthorizedLoginAttempt().message,
    );
    expect(d.getTwitterAccessToken).not.toHaveBeenCalled();
    const none = new URLSearchParams({ code: 'c' });
    await expect(completeSocialLogin('google', none, redirect, d)).rejects.toBeInstanceOf(
      UnauthorizedLoginAttempt,
    );
    expect(new UnauthorizedLoginAttempt().message).toBe('Error: Unauthorized login attempt');
  });
});

describe('completeSocialLogin', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('signs in with X: access token from the callback params, then POST /rest-auth/twitter/', async () => {
    session.set(storageKeys.oauthState, '42');
    const d = deps();
    const params = new URLSearchParams({ oauth_token: 't', oauth_verifier: 'v', state: '42' });
    await expect(completeSocialLogin('twitter', params, redirect, d)).resolves.toEqual({
      kind: 'signedIn',
      user,
    });
    expect(d.twitterLogin).toHaveBeenCalledWith(tokens);
    expect(d.twitterConnect).not.toHaveBeenCalled();
  });

  it('connects X instead when the connectSocial flag is set, and forgets the flag', async () => {
    session.set(storageKeys.oauthState, '42');
    session.set(storageKeys.connectSocial, 'true');
    const d = deps();
    const params = new URLSearchParams({ oauth_token: 't', oauth_verifier: 'v', state: '42' });
    await expect(completeSocialLogin('twitter', params, redirect, d)).resolves.toEqual({
      kind: 'connected',
      user,
    });
    expect(d.twitterConnect).toHaveBeenCalledWith(tokens);
    expect(d.twitterLogin).not.toHaveBeenCalled();
    expect(session.get(storageKeys.connectSocial)).toBeNull();
  });

  it('signs in or connects with the Google code and the redirect URI', async () => {
    const params = new URLSearchParams({ code: 'c', state: '5' });
    session.set(storageKeys.oauthState, '5');
    const d = deps();
    await completeSocialLogin('google', params, redirect, d);
    expect(d.codeLogin).toHaveBeenCalledWith('google', { code: 'c', redirect_uri: redirect });
    session.set(storageKeys.oauthState, '5');
    session.set(storageKeys.connectSocial, 'true');
    await completeSocialLogin('google', params, redirect, d);
    expect(d.codeConnect).toHaveBeenCalledWith('google', { code: 'c', redirect_uri: redirect });
  });

  it.each(['facebook', 'linkedin'] as const)(
    'signs in with %s, or connects it to the current user when connectSocial is set',
    async (provider) => {
      const uri = `http://localhost/login/${provider}`;
      const params = new URLSearchParams({ code: 'fb-code', state: '77' });
      session.set(storageKeys.oauthState, '77');
      const d = deps();
      await expect(completeSocialLogin(provider, params, uri, d)).resolves.toEqual({
        kind: 'signedIn',
        user,
      });
      expect(d.codeLogin).toHaveBeenCalledWith(provider, { code: 'fb-code', redirect_uri: uri });
      expect(d.codeConnect).not.toHaveBeenCalled();

      session.set(storageKeys.oauthState, '78');
      session.set(storageKeys.connectSocial, 'true');
      await expect(
        completeSocialLogin(provider, new URLSearchParams({ code: 'c2', state: '78' }), uri, d),
      ).resolves.toEqual({ kind: 'connected', user });
      expect(d.codeConnect).toHaveBeenCalledWith(provider, { code: 'c2', redirect_uri: uri });
      expect(d.codeLogin).toHaveBeenCalledTimes(1);
      expect(session.get(storageKeys.connectSocial)).toBeNull();
    },
  );

  it.each(['facebook', 'linkedin', 'twitter_oauth2'] as const)(
    'rejects a %s return whose state does not match, without calling the server',
    async (provider) => {
      session.set(storageKeys.oauthState, '1');
      session.set(storageKeys.oauthCodeVerifier, 'v');
      const d = deps();
      await expect(
        completeSocialLogin(provider, new URLSearchParams({ code: 'c', state: '2' }), redirect, d),
      ).rejects.toThrow('Error: Unauthorized login attempt');
      expect(d.codeLogin).not.toHaveBeenCalled();
      expect(d.codeConnect).not.toHaveBeenCalled();
      // Nothing of the failed attempt is left for a later one.
      expect(session.get(storageKeys.oauthState)).toBeNull();
      expect(session.get(storageKeys.oauthCodeVerifier)).toBeNull();
    },
  );

  it('signs in with X OAuth 2.0 with the stored PKCE verifier, used once', async () => {
    const uri = 'http://localhost/login/twitter_oauth2';
    session.set(storageKeys.oauthState, '9');
    session.set(storageKeys.oauthCodeVerifier, 'the-verifier');
    const d = deps();
    await completeSocialLogin('twitter_oauth2', new URLSearchParams({ code: 'x2', state: '9' }), uri, d);
    expect(d.codeLogin).toHaveBeenCalledWith('twitter_oauth2', {
      code: 'x2',
      redirect_uri: uri,
      code_verifier: 'the-verifier',
    });
    expect(session.get(storageKeys.oauthCodeVerifier)).toBeNull();
    session.set(storageKeys.oauthState, '10');
    session.set(storageKeys.connectSocial, 'true');
    session.set(storageKeys.oauthCodeVerifier, 'second');
    await completeSocialLogin('twitter_oauth2', new URLSearchParams({ code: 'x3', state: '10' }), uri, d);
    expect(d.codeConnect).toHaveBeenCalledWith('twitter_oauth2', {
      code: 'x3',
      redirect_uri: uri,
      code_verifier: 'second',
    });
  });

  it('recognises a provider callback', () => {
    expect(isSocialCallback('twitter', new URLSearchParams('oauth_token=t&oauth_verifier=v'))).toBe(true);
    expect(isSocialCallback('google', new URLSearchParams('code=c&state=1'))).toBe(true);
    expect(isSocialCallback('google', new URLSearchParams(''))).toBe(false);
    expect(isSocialCallback('facebook', new URLSearchParams('code=c&state=1'))).toBe(true);
    expect(isSocialCallback('linkedin', new URLSearchParams('error=user_cancelled_authorize'))).toBe(true);
    expect(isSocialCallback('twitter_oauth2', new URLSearchParams('code=c&state=1'))).toBe(true);
    expect(isSocialCallback('twitter_oauth2', new URLSearchParams('oauth_verifier=v'))).toBe(false);
  });
});
