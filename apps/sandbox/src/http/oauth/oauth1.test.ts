import { TwitterApi, type ApiResponseError } from 'twitter-api-v2';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountFlag } from '../../model/accounts';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { toSandboxUrl } from '../x-client-redirect';
import { startSandbox, submitConsent } from '../x-test-kit';

// The server's clock can be moved to make every signed timestamp stale.
let clockOffset = 0;
const sandbox = await startSandbox({ now: () => Date.now() + clockOffset });
const { network: net, base, settings } = sandbox;
const { consumerKey: appKey, consumerSecret: appSecret } = SANDBOX_DEV_CREDENTIALS.x;
const consumer = new TwitterApi({ appKey, appSecret }, settings);
afterAll(() => sandbox.app.close());

const idOf = (a: number): string => net.accounts.ids[a]!.toString();
const CALLBACK = 'https://murmur.example/rest-auth/twitter/callback?next=%2Fteams';

/** Request token → consent page → access token, as the server's "Sign in with X" does. */
async function signIn(account: number, forceLogin?: boolean) {
  const link = await consumer.generateAuthLink(CALLBACK, { forceLogin });
  expect(link.oauth_callback_confirmed).toBe('true');
  const consent = await submitConsent(toSandboxUrl(link.url, base), idOf(account));
  const back = new URL(consent.location!);
  const pending = new TwitterApi(
    { appKey, appSecret, accessToken: link.oauth_token, accessSecret: link.oauth_token_secret },
    settings,
  );
  return { link, back, consent, login: () => pending.login(back.searchParams.get('oauth_verifier')!) };
}

describe('OAuth 1.0a (twitter-api-v2 generateAuthLink / login)', () => {
  it('signs a user in and acts for them with HMAC-SHA1 signed requests', async () => {
    const { link, back, login } = await signIn(42);
    expect(back.origin + back.pathname).toBe('https://murmur.example/rest-auth/twitter/callback');
    expect(back.searchParams.get('next')).toBe('/teams');
    expect(back.searchParams.get('oauth_token')).toBe(link.oauth_token);
    const { client, userId, screenName, accessToken } = await login();
    expect([userId, screenName]).toEqual([idOf(42), net.accounts.handles[42]]);
    expect(accessToken.startsWith(`${idOf(42)}-`)).toBe(true);
    expect((await client.v2.me()).data.username).toBe(net.accounts.handles[42]);
    // A signed request with a query string and a JSON body (the body is not part of the signature).
    const target = Array.from({ length: 100 }, (_, k) => 43 + k).find(
      (a) => !net.graph.follows(42, a) && !(net.accounts.flags[a]! & AccountFlag.protected),
    )!;
    expect((await client.v2.follow(idOf(42), idOf(target))).data.following).toBe(true);
    expect(net.graph.follows(42, target)).toBe(true);
    // The verifier is single use.
    const again = (await login().catch((e: unknown) => e)) as ApiResponseError;
    expect(again.code).toBe(401);
  });

  it('rejects tampered signatures, replayed nonces, stale timestamps and unknown consumers with 401', async () => {
    const { login } = await signIn(7);
    const { accessToken, accessSecret } = await login();
    let captured: { url: string; authorization: string } | undefined;
    const spy = new TwitterApi(
      { appKey, appSecret, accessToken, accessSecret },
      {
        ...settings,
        plugins: [
          ...settings.plugins,
          {
            onBeforeRequest: ({ url, computedParams }) =>
              void (captured = {
                url: url.toString(),
                authorization: String(computedParams.headers.Authorization),
              }),
          },
        ],
      },
    );
    await spy.v2.me({ 'user.fields': ['created_at'] });
    const replay = (authorization: string, url = captured!.url) => fetch(url, { headers: { authorization } });
    expect((await replay(captured!.authorization)).status).toBe(401); // same nonce again
    const tampered = captured!.authorization.replace(
      /oauth_signature="([^"]+)"/,
      (_, s: string) => `oauth_signature="${s.startsWith('A') ? 'B' : 'A'}${s.slice(1)}"`,
    );
    expect((await replay(tampered)).status).toBe(401);
    await spy.v2.me({ 'user.fields': ['created_at'] });
    expect(
      (await replay(captured!.authorization, captured!.url.replace('created_at', 'description'))).status,
    ).toBe(401);

    const wrongSecret = new TwitterApi({ appKey, appSecret: 'not-the-secret' }, settings);
    const refused = (await wrongSecret
      .generateAuthLink(CALLBACK)
      .catch((e: unknown) => e)) as ApiResponseError;
    expect([refused.code, refused.data]).toEqual([
      401,
      { errors: [{ code: 32, message: 'Could not authenticate you.' }] },
    ]);

    // Seen from a clock an hour ahead, a fresh signature is stale.
    clockOffset = 3_600_000;
    const stale = await spy.v2.me().catch((e: unknown) => e);
    clockOffset = 0;
    expect((stale as ApiResponseError).code).toBe(401);
    expect((await spy.v2.me()).data.id).toBe(idOf(7));
  });

  it('remembers the signed-in account unless force_login=true, and reports a denial', async () => {
    const first = await signIn(99);
    const cookie = first.consent.cookie!.split(';')[0]!;
    await first.login();
    // Sign in with X again: the same app and account go straight back to the callback.
    const link = await consumer.generateAuthLink(CALLBACK);
    const quick = await fetch(toSandboxUrl(link.url, base), { headers: { cookie }, redirect: 'manual' });
    expect(quick.status).toBe(302);
    expect(new URL(quick.headers.get('location')!).searchParams.get('oauth_token')).toBe(link.oauth_token);
    // force_login=true shows the account picker even so.
    const forced = await consumer.generateAuthLink(CALLBACK, { forceLogin: true });
    const page = await fetch(toSandboxUrl(forced.url, base), { headers: { cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<label for="q">Find a sandbox account by handle</label>');
    expect(html).not.toContain('(signed in)');
    const denied = await submitConsent(toSandboxUrl(forced.url, base), idOf(5), 'deny');
    expect(new URL(denied.location!).searchParams.get('denied')).toBe(forced.oauth_token);
  });

  it('finds accounts by handle on the authorisation page', async () => {
    const link = await consumer.generateAuthLink('oob');
    const handle = net.accounts.handles[1234]!;
    const page = await fetch(`${toSandboxUrl(link.url, base)}&q=${encodeURIComponent(handle.slice(0, 6))}`);
    const html = await page.text();
    expect(html).toContain(`@${handle}`);
    expect(html).toMatch(/type="radio"\s+name="account"\s+value="\d+"\s+required checked/);
    const pin = await submitConsent(toSandboxUrl(link.url, base), idOf(1234));
    expect(pin.html).toContain('Your PIN');
  });
});
