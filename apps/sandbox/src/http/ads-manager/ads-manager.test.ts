import { Script } from 'node:vm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { generateNetwork } from '../../generate/network';
import { sandboxAdsToken } from '../ads/auth';
import { createSandboxPlugin } from '../sandbox-plugin';

const network = generateNetwork({ accounts: 1500, seed: 'ads-manager', historyDays: 3 });
const app = Fastify();
await app.register(createSandboxPlugin({ network }), { prefix: '/sandbox' });
afterAll(() => app.close());

describe('the Ads Manager stand-in', () => {
  it('asks to sign in, then serves the page with the account’s Ads API token and its script', async () => {
    const first = await app.inject({ url: '/sandbox/ads-manager/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Sign in to X Ads Manager (sandbox)');

    const unknown = await app.inject({
      method: 'POST',
      url: '/sandbox/ads-manager/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'handle=nobody_here_at_all',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('No sandbox X account has the handle @nobody_here_at_all.');

    const handle = network.accounts.handles[7]!;
    const signedIn = await app.inject({
      method: 'POST',
      url: '/sandbox/ads-manager/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `handle=%40${handle}`,
    });
    expect(signedIn.statusCode).toBe(302);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const pageRes = await app.inject({ url: '/sandbox/ads-manager/', headers: { cookie } });
    const id = network.accounts.ids[7]!.toString();
    expect(pageRes.body).toContain(`data-handle="${handle}"`);
    expect(pageRes.body).toContain(`content="${sandboxAdsToken(network, id)}"`);
    expect(pageRes.body).toContain('<script src="app.js"></script>');

    const script = await app.inject({ url: '/sandbox/ads-manager/app.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    // The script is valid JavaScript.
    expect(() => new Script(script.body)).not.toThrow();

    const out = await app.inject({
      method: 'POST',
      url: '/sandbox/ads-manager/sign-out',
      headers: { cookie },
    });
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
  });
});
