import type { SignInResponse, User } from '@murmur/core/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkOAuthState } from '../../../lib/social-login';
import { session, storageKeys } from '../../../lib/storage';
import { completeSocialLogin, isSocialCallback, UnauthorizedLoginAttempt } from './complete-social-login';

const user = { id: 7, email: 'x-1@users.murmur.invalid' } as unknown as User;
const signIn: SignInResponse = { key: 'k', user };
const tokens = { access_token: 'a', access_token_secret: 's' };

const deps = () => ({
  getTwitterAccessToken: vi.fn().mockResolvedValue(tokens),
  twitterLogin: vi.fn().mockResolvedValue(signIn),
  twitterConnect: vi.fn().mockResolvedValue(user),
  googleLogin: vi.fn().mockResolvedValue(signIn),
  googleConnect: vi.fn().mockResolvedValue(user),
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
    expect(d.googleLogin).toHaveBeenCalledWith({ code: 'c', redirect_uri: redirect });
    session.set(storageKeys.oauthState, '5');
    session.set(storageKeys.connectSocial, 'true');
    await completeSocialLogin('google', params, redirect, d);
    expect(d.googleConnect).toHaveBeenCalledWith({ code: 'c', redirect_uri: redirect });
  });

  it('recognises a provider callback', () => {
    expect(isSocialCallback('twitter', new URLSearchParams('oauth_token=t&oauth_verifier=v'))).toBe(true);
    expect(isSocialCallback('google', new URLSearchParams('code=c&state=1'))).toBe(true);
    expect(isSocialCallback('google', new URLSearchParams(''))).toBe(false);
  });
});
