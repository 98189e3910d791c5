import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { sandboxAdsToken, type Network } from '@murmur/sandbox';
import { createTestApp, type TestApp, type TestSession } from './test-app';
import { testNetwork, type TestNetwork } from './test-engine';

/** A port that was free a moment ago: the Ads API client really calls the sandbox over HTTP. */
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

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

export interface XAdsTestApp {
  readonly t: TestApp;
  readonly app: FastifyInstance;
  readonly net: TestNetwork;
  readonly network: Network;
  /** Links the n-th account offered on X's consent page to the session's user; its X user id. */
  connectX(session: TestSession, pick?: number): Promise<string>;
  /** Opens an ad account for an X user straight on the sandbox's Ads API (what X's own UI does). */
  openAdAccount(xUserId: string, name: string): Promise<string>;
  /** The sandbox's Ads API as the X user (bearer token of the sandbox). */
  ads(
    xUserId: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
  ): Promise<unknown>;
}

/**
 * The app on a real port with the sandbox (3 000 accounts) mounted under /sandbox and the engine
 * built from the same network, so uploaded members are matched by X and sized by the engine alike.
 */
export function useXAdsTestApp(seed = 'x-ads-tests'): XAdsTestApp {
  let t: TestApp;
  let net: TestNetwork;
  let origin = '';

  beforeAll(async () => {
    net = await testNetwork(3000, seed);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({ publicUrl: origin }, { sandbox: net.network, engine: net.holder });
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(() => t?.close());

  async function approve(pageUrl: string, pick: number): Promise<URL> {
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

  async function connectX(session: TestSession, pick = 0): Promise<string> {
    const callback = `${origin}/login/twitter`;
    const requested = await t.app.inject({
      url: `/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(callback)}`,
    });
    expect(requested.statusCode).toBe(200);
    const { authorize_url } = requested.json<{ authorize_url: string }>();
    const back = await approve(`${authorize_url}&force_login=true`, pick);
    const exchanged = await t.app.inject({
      url: `/rest-auth/twitter/access_token/?${back.searchParams.toString()}`,
    });
    expect(exchanged.statusCode).toBe(200);
    const tokens = exchanged.json<{ access_token: string; access_token_secret: string }>();
    const linked = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter/connect/',
      headers: session.tokenAuth,
      payload: tokens,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    return tokens.access_token.split('-')[0]!;
  }

  async function ads(
    xUserId: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
  ) {
    const res = await t.app.inject({
      method,
      url: `/sandbox/ads/12/${path}`,
      headers: { authorization: `Bearer ${sandboxAdsToken(net.network, xUserId)}` },
      ...(payload !== undefined && { payload: payload as object }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ data: unknown }>().data;
  }

  async function openAdAccount(xUserId: string, name: string): Promise<string> {
    const data = (await ads(xUserId, 'POST', 'accounts', { name })) as { id: string };
    return data.id;
  }

  return {
    get t() {
      return t;
    },
    get app() {
      return t.app;
    },
    get net() {
      return net;
    },
    get network() {
      return net.network;
    },
    connectX,
    openAdAccount,
    ads,
  };
}
