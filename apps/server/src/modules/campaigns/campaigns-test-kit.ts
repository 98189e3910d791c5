import { createServer } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { sandboxAdsToken } from '@murmur/sandbox';
import { grantedAccounts, memberships, xAdsCredentials } from '../../db/schema';
import { seal } from '../../lib/crypto';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork, type TestNetwork } from '../../test/test-engine';
import { and, eq } from 'drizzle-orm';

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

export interface CampaignsTestApp {
  readonly t: TestApp;
  readonly net: TestNetwork;
  /** Runs X's OAuth 1.0a consent for the n-th offered account and keeps its token for the user. */
  connectX(session: TestSession, pick?: number): Promise<string>;
  /** The sandbox's Ads API as an X user (sandbox bearer token), relative to /sandbox/ads/12/. */
  ads(
    xUserId: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
  ): Promise<unknown>;
  /** A team of `admin`'s with `others` as members, and an ad account of `xUserId` granted to it by the admin. */
  teamWithAdAccount(
    admin: TestSession,
    xUserId: string,
    others?: TestSession[],
  ): Promise<{ teamId: number; slug: string; accountId: string; currency: string }>;
  /** Appends to the request `session`'s auth headers. */
  call(
    session: TestSession,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<{ statusCode: number; body: string; json: <T = never>() => T }>;
}

/**
 * The app on a real port with the sandbox (3 000 accounts) mounted under /sandbox and the engine built
 * from the same network: campaigns are published to the sandbox's Ads API over HTTP.
 */
export function useCampaignsTestApp(seed = 'campaigns-tests'): CampaignsTestApp {
  let t: TestApp;
  let net: TestNetwork;
  let origin = '';

  beforeAll(async () => {
    net = await testNetwork(3000, seed);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp(
      { publicUrl: origin, ...(process.env.CAMPAIGNS_TEST_LOG && { logLevel: 'error' }) },
      {
        sandbox: net.network,
        engine: net.holder,
        ...(process.env.CAMPAIGNS_TEST_LOG && {
          logStream: { write: (line: string) => void process.stderr.write(line) },
        }),
      },
    );
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
    const xUserId = tokens.access_token.split('-')[0]!;
    const secret = t.config.sessionSecret;
    const values = {
      userId: session.user.id,
      xUserId,
      sealedToken: seal(secret, 'x-ads-token', tokens.access_token),
      sealedSecret: seal(secret, 'x-ads-token', tokens.access_token_secret),
    };
    await t.db
      .insert(xAdsCredentials)
      .values(values)
      .onConflictDoUpdate({ target: xAdsCredentials.userId, set: values });
    return xUserId;
  }

  async function ads(
    xUserId: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
  ) {
    const res = await t.app.inject({
      method,
      url: `/sandbox/ads/12/${path}`,
      headers: { authorization: `Bearer ${sandboxAdsToken(net.network, xUserId)}` },
      ...(payload !== undefined && { payload }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ data: unknown }>().data;
  }

  async function call(
    session: TestSession,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return t.app.inject({
      method,
      url,
      headers: session.tokenAuth,
      ...(payload !== undefined && { payload }),
    });
  }

  async function teamWithAdAccount(admin: TestSession, xUserId: string, others: TestSession[] = []) {
    const created = await call(admin, 'POST', '/api/teams/', {
      name: `Team ${Math.random().toString(36).slice(2, 8)}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const team = created.json<{ id: number; slug: string }>();
    for (const other of others)
      await t.db.insert(memberships).values({ teamId: team.id, userId: other.user.id, level: 'member' });
    const account = (await ads(xUserId, 'POST', 'accounts', { name: 'Murmur tests' })) as {
      id: string;
      currency: string;
    };
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.teamId, team.id), eq(memberships.userId, admin.user.id)));
    await t.db
      .insert(grantedAccounts)
      .values({ membershipId: membership!.id, network: 'twitter', accountId: account.id });
    const instruments = (await ads(xUserId, 'GET', `accounts/${account.id}/funding_instruments`)) as {
      currency: string;
    }[];
    return { teamId: team.id, slug: team.slug, accountId: account.id, currency: instruments[0]!.currency };
  }

  return {
    get t() {
      return t;
    },
    get net() {
      return net;
    },
    connectX,
    ads,
    teamWithAdAccount,
    call,
  };
}
