import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../test/render';
import { isSocialProvider, SOCIAL_PROVIDERS, startSocialLogin, takeCodeVerifier } from './social-login';
import { session, storageKeys } from './storage';

const PROVIDERS = [
  {
    provider: 'facebook',
    authorize_url: 'http://localhost/sandbox/facebook/v19.0/dialog/oauth',
    client_id: 'fb-client',
    scopes: ['email', 'public_profile', 'ads_management', 'ads_read', 'pages_show_list'],
  },
  {
    provider: 'twitter_oauth2',
    authorize_url: 'http://localhost/sandbox/x/i/oauth2/authorize',
    client_id: 'x-client',
    scopes: ['tweet.read', 'users.read'],
  },
];

const routes = {
  'GET /api/auth/providers/': { body: PROVIDERS },
  'GET /rest-auth/twitter_oauth2_challenge/code-challenge/': {
    body: { code_challenge: 'challenge-1', code_challenge_method: 'S256', code_verifier: 'verifier-1' },
  },
};

const start = async (provider: Parameters<typeof startSocialLogin>[0], connect = false) => {
  const assign = vi.fn<(url: string) => void>();
  await startSocialLogin(provider, { connect }, { origin: 'https://murmur.example', assign });
  expect(assign).toHaveBeenCalledTimes(1);
  return new URL(assign.mock.calls[0]![0]);
};

describe('startSocialLogin for the authorization-code providers', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes));
  });
  afterEach(() => vi.restoreAllMocks());

  it('knows every provider the server has routes for', () => {
    expect(SOCIAL_PROVIDERS).toEqual(['twitter', 'twitter_oauth2', 'google', 'facebook', 'linkedin']);
    for (const provider of ['facebook', 'linkedin', 'twitter_oauth2'])
      expect(isSocialProvider(provider)).toBe(true);
    expect(isSocialProvider('myspace')).toBe(false);
    expect(isSocialProvider(undefined)).toBe(false);
  });

  it('sends Facebook the listed scopes, the client id, /login/facebook and a stored 32-bit state', async () => {
    const url = await start('facebook');
    expect(url.origin + url.pathname).toBe('http://localhost/sandbox/facebook/v19.0/dialog/oauth');
    expect(url.searchParams.get('client_id')).toBe('fb-client');
    expect(url.searchParams.get('redirect_uri')).toBe('https://murmur.example/login/facebook');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe(
      'email public_profile ads_management ads_read pages_show_list',
    );
    const state = url.searchParams.get('state')!;
    expect(session.get(storageKeys.oauthState)).toBe(state);
    expect(Number(state)).toBeGreaterThanOrEqual(0);
    expect(Number(state)).toBeLessThan(2 ** 32);
    expect(url.searchParams.has('code_challenge')).toBe(false);
    expect(session.get(storageKeys.oauthCodeVerifier)).toBeNull();
    expect(session.get(storageKeys.connectSocial)).toBeNull();
  });

  it('sends X OAuth 2.0 a PKCE challenge and keeps the verifier for the return', async () => {
    const url = await start('twitter_oauth2', true);
    expect(url.origin + url.pathname).toBe('http://localhost/sandbox/x/i/oauth2/authorize');
    expect(url.searchParams.get('code_challenge')).toBe('challenge-1');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('https://murmur.example/login/twitter_oauth2');
    expect(url.searchParams.get('scope')).toBe('tweet.read users.read');
    expect(url.searchParams.has('code_verifier')).toBe(false);
    expect(session.get(storageKeys.connectSocial)).toBe('true');
    expect(takeCodeVerifier()).toBe('verifier-1');
    expect(takeCodeVerifier()).toBeUndefined();
  });

  it('refuses a provider the server does not list, without leaving the page', async () => {
    const assign = vi.fn();
    await expect(
      startSocialLogin('linkedin', {}, { origin: 'https://murmur.example', assign }),
    ).rejects.toThrow('Signing in with linkedin is not available.');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('startSocialLogin for X OAuth 1.0a', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /rest-auth/twitter/request_token/': {
          body: {
            oauth_token: 'req-1',
            authorize_url: 'http://localhost/sandbox/x/oauth/authenticate?oauth_token=req-1',
          },
        },
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the browser to the authorisation page with oauth_token and oauth_callback (deviation 5)', async () => {
    const url = await start('twitter');
    const state = session.get(storageKeys.oauthState)!;
    expect(url.origin + url.pathname).toBe('http://localhost/sandbox/x/oauth/authenticate');
    expect(url.searchParams.get('oauth_token')).toBe('req-1');
    expect(url.searchParams.get('oauth_callback')).toBe(
      `https://murmur.example/login/twitter?state=${state}`,
    );
    expect(url.searchParams.has('force_login')).toBe(false);
  });

  it('adds force_login=true when linking', async () => {
    const url = await start('twitter', true);
    expect(url.searchParams.get('oauth_token')).toBe('req-1');
    expect(url.searchParams.get('oauth_callback')).toMatch(
      /^https:\/\/murmur\.example\/login\/twitter\?state=/,
    );
    expect(url.searchParams.get('force_login')).toBe('true');
  });
});
