import { TwitterApi } from 'twitter-api-v2';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '../options';
import { toSandboxUrl } from '../x-client-redirect';
import { startSandbox, submitConsent } from '../x-test-kit';

const sandbox = await startSandbox();
const { network: net, base, settings } = sandbox;
const { consumerKey: appKey, consumerSecret: appSecret } = SANDBOX_DEV_CREDENTIALS.x;
afterAll(() => sandbox.app.close());

const ADS = 'https://ads-api.x.com/12/';

interface Captured {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** An OAuth 1.0a user client for `account` that records the last request it sent, as sent. */
async function signedClient(
  account: number,
): Promise<{ client: TwitterApi; last: () => Captured; prepare: (body: object) => Promise<Captured> }> {
  const consumer = new TwitterApi({ appKey, appSecret }, settings);
  const link = await consumer.generateAuthLink('oob');
  const consent = await submitConsent(toSandboxUrl(link.url, base), net.accounts.ids[account]!.toString());
  const verifier = /<strong>([^<]+)<\/strong>/.exec(consent.html)?.[1] ?? '';
  const pending = new TwitterApi(
    { appKey, appSecret, accessToken: link.oauth_token, accessSecret: link.oauth_token_secret },
    settings,
  );
  const { accessToken, accessSecret } = await pending.login(verifier);
  let captured: Captured | undefined;
  let holdBack = false;
  const client = new TwitterApi(
    { appKey, appSecret, accessToken, accessSecret },
    {
      ...settings,
      plugins: [
        ...settings.plugins,
        {
          onBeforeRequest: ({ url, computedParams }) => {
            captured = {
              url: url.toString(),
              headers: Object.fromEntries(
                Object.entries(computedParams.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
              ),
              body: typeof computedParams.body === 'string' ? computedParams.body : '',
            };
            if (holdBack) throw new Error('held back');
          },
        },
      ],
    },
  );
  /** Signs a form POST to /accounts as the client would send it, without sending it. */
  const prepare = async (body: object): Promise<Captured> => {
    holdBack = true;
    await client.post('accounts', body, { prefix: ADS, forceBodyMode: 'url' }).catch(() => undefined);
    holdBack = false;
    return captured!;
  };
  return { client, last: () => captured!, prepare };
}

describe('Ads API OAuth 1.0a with form bodies (RFC 5849 §3.4.1.3)', () => {
  it('accepts a correctly signed application/x-www-form-urlencoded POST, whose parameters are signed', async () => {
    const { client, last } = await signedClient(17);
    const created = await client.post<{ data: { name: string; id: string } }>(
      'accounts',
      { name: 'Form-encoded ad account & co' },
      { prefix: ADS, forceBodyMode: 'url' },
    );
    expect(created.data.name).toBe('Form-encoded ad account & co');
    const sent = last();
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.body).toContain('name=Form-encoded');
    expect(sent.headers.authorization).toMatch(/^OAuth /);
    const listed = await client.get<{ data: { id: string }[] }>('accounts', {}, { prefix: ADS });
    expect(listed.data.map((a) => a.id)).toContain(created.data.id);
  });

  it('rejects a tampered or added form parameter: 401 in X’s Ads API error shape', async () => {
    const { client, prepare } = await signedClient(18);
    const send = (request: Captured, body = request.body) =>
      fetch(request.url, {
        method: 'POST',
        headers: {
          authorization: request.headers.authorization!,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
    const signed = await prepare({ name: 'signed name' });
    expect(signed.body).toBe('name=signed+name');
    const tampered = await send(signed, signed.body.replace('signed', 'forged'));
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toEqual({
      errors: [{ code: 'UNAUTHORIZED_ACCESS', message: 'This request is not properly authenticated' }],
      request: { params: { name: 'forged name' } },
    });
    expect((await send(signed, `${signed.body}&extra=1`)).status).toBe(401);
    expect((await send(signed, '')).status).toBe(401);
    // The rejections spent nothing: the untouched request, nonce included, still goes through once.
    const genuine = await send(signed);
    expect(genuine.status).toBe(200);
    expect(((await genuine.json()) as { data: { name: string } }).data.name).toBe('signed name');
    expect((await send(signed)).status).toBe(401);
    const names = (await client.get<{ data: { name: string }[] }>('accounts', {}, { prefix: ADS })).data.map(
      (a) => a.name,
    );
    expect(names).toContain('signed name');
    expect(names).not.toContain('forged name');
  });
});
