import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { generateNetwork, sandboxAdsToken, type Network } from '@murmur/sandbox';
import { grantedAccounts, memberships, xAdsCredentials } from '../db/schema';
import { seal } from '../lib/crypto';
import type { Config } from '../config';
import type { EngineHolder } from '../engine/engine-holder';
import { createTestApp, type TestApp, type TestSession } from './test-app';
import { testNetwork, type TestNetwork } from './test-engine';

// One kit for the test files that need the app on a real port with the sandbox mounted under
// /sandbox: X's consent pages, OAuth 1.0a tokens, the sandbox's Ads API as an X user, and a team with
// a granted ad account. (It replaces three near-identical kits: x-ads, campaigns and social.)

/** A port that was free a moment ago: the app's clients really call the sandbox over HTTP. */
export function freePort(): Promise<number> {
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

/** The path and query of a URL the app serves (what `app.inject` takes). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SandboxTestAppOptions {
  /** Sandbox accounts (3 000 by default). */
  accounts?: number;
  seed: string;
  /** Build the engine from the same network, so audiences are sized as X targets them (default true). */
  engine?: boolean;
  /**
   * The app's engine holder made from that network (e.g. over shards); default: the network's
   * engine on this thread. Only with `engine`.
   */
  holder?: (net: TestNetwork) => Promise<EngineHolder>;
  /** An environment variable that, when set, sends the app's error logs to stderr. */
  logEnv?: string;
  /** Settings of the app beside the kit's own (its public URL, the log level). */
  config?: Partial<Config>;
}

export interface SandboxTestApp {
  readonly t: TestApp;
  readonly app: FastifyInstance;
  /** Where the app listens; the sandbox's consent pages and the callbacks are under it. */
  readonly origin: string;
  readonly network: Network;
  /** The network with its engine (only when built with `engine`). */
  readonly net: TestNetwork;
  /** Picks an account on a sandbox consent page (the first offered, or the n-th) and approves. */
  approve(pageUrl: string, pick?: number): Promise<URL>;
  /** The whole OAuth 1.0a dance up to the access token, for the n-th offered account. */
  xTokens(pick?: number): Promise<{
    params: URLSearchParams;
    tokens: { access_token: string; access_token_secret: string };
  }>;
  /** Links the n-th offered X account to the session's user (POST /rest-auth/twitter/connect/); its X user id. */
  connectX(session: TestSession, pick?: number): Promise<string>;
  /**
   * Keeps the n-th offered X account's token for the user as the ad-accounts module does, without
   * linking it as a social account (so several test users may act for the same X account).
   */
  storeXToken(session: TestSession, pick?: number): Promise<string>;
  /** The sandbox's Ads API as the X user (sandbox bearer token), relative to /sandbox/ads/12/. */
  ads(xUserId: string, method: Method, path: string, payload?: object): Promise<unknown>;
  /** Opens an ad account for an X user straight on the sandbox's Ads API (what X's own UI does). */
  openAdAccount(xUserId: string, name: string): Promise<string>;
  /**
   * A paused campaign (budget 50 a day, on the account's first funding instrument) with one paused
   * engagement line item, made straight on the sandbox's Ads API as X's own UI would; their ids.
   */
  pausedLineItem(
    xUserId: string,
    accountId: string,
    names: { campaign: string; lineItem?: string },
  ): Promise<{ campaign: string; lineItem: string }>;
  /** A team of `admin`'s with `others` as members, and an ad account of `xUserId` granted to it by the admin. */
  teamWithAdAccount(
    admin: TestSession,
    xUserId: string,
    others?: TestSession[],
  ): Promise<{ teamId: number; slug: string; accountId: string; currency: string }>;
  /** A request with the session's token. */
  call(session: TestSession, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
}

/** Starts the app before the file's tests (beforeAll) and closes it after them. */
export function useSandboxTestApp(options: SandboxTestAppOptions): SandboxTestApp {
  const { accounts = 3000, seed, engine = true, logEnv, holder, config } = options;
  let t: TestApp;
  let net: TestNetwork | undefined;
  let network: Network;
  let origin = '';

  beforeAll(async () => {
    if (engine) {
      net = await testNetwork(accounts, seed);
      network = net.network;
    } else network = generateNetwork({ accounts, seed });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const log = logEnv !== undefined && Boolean(process.env[logEnv]);
    t = await createTestApp(
      { ...config, publicUrl: origin, ...(log && { logLevel: 'error' }) },
      {
        sandbox: network,
        ...(net && { engine: holder ? await holder(net) : net.holder }),
        ...(log && { logStream: { write: (line: string) => void process.stderr.write(line) } }),
      },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
  }, 120_000);
  afterAll(() => t?.close());

  async function approve(pageUrl: string, pick = 0): Promise<URL> {
    const page = await t.app.inject({ url: pathOf(pageUrl) });
    expect(page.statusCode).toBe(200);
    const post = /<form method="post">([\s\S]*?)<\/form>/.exec(page.body)?.[1] ?? '';
    const form = new URLSearchParams();
    for (const m of post.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      form.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
    const offered = [...post.matchAll(/name="account"\s+value="(\d+)"/g)].map((m) => m[1]!);
    form.set('account', offered[pick]!);
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

  async function xTokens(pick = 0) {
    const callback = `${origin}/login/twitter`;
    const requested = await t.app.inject({
      url: `/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(callback)}`,
    });
    expect(requested.statusCode).toBe(200);
    const { oauth_token, authorize_url } = requested.json<{ oauth_token: string; authorize_url: string }>();
    expect(authorize_url).toBe(`${origin}/sandbox/x/oauth/authenticate?oauth_token=${oauth_token}`);
    const back = await approve(`${authorize_url}&force_login=true`, pick);
    expect(back.origin + back.pathname).toBe(callback);
    expect(back.searchParams.get('oauth_token')).toBe(oauth_token);
    const exchanged = await t.app.inject({
      url: `/rest-auth/twitter/access_token/?${back.searchParams.toString()}`,
    });
    expect(exchanged.statusCode).toBe(200);
    return {
      params: back.searchParams,
      tokens: exchanged.json<{ access_token: string; access_token_secret: string }>(),
    };
  }

  async function connectX(session: TestSession, pick = 0): Promise<string> {
    const { tokens } = await xTokens(pick);
    const linked = await t.app.inject({
      method: 'POST',
      url: '/rest-auth/twitter/connect/',
      headers: session.tokenAuth,
      payload: tokens,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    return tokens.access_token.split('-')[0]!;
  }

  async function storeXToken(session: TestSession, pick = 0): Promise<string> {
    const { tokens } = await xTokens(pick);
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

  async function ads(xUserId: string, method: Method, path: string, payload?: object) {
    const res = await t.app.inject({
      method,
      url: `/sandbox/ads/12/${path}`,
      headers: { authorization: `Bearer ${sandboxAdsToken(network, xUserId)}` },
      ...(payload !== undefined && { payload }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json<{ data: unknown }>().data;
  }

  async function openAdAccount(xUserId: string, name: string): Promise<string> {
    return ((await ads(xUserId, 'POST', 'accounts', { name })) as { id: string }).id;
  }

  async function pausedLineItem(
    xUserId: string,
    accountId: string,
    names: { campaign: string; lineItem?: string },
  ) {
    const [instrument] = (await ads(xUserId, 'GET', `accounts/${accountId}/funding_instruments`)) as {
      id: string;
    }[];
    const campaign = (await ads(xUserId, 'POST', `accounts/${accountId}/campaigns`, {
      name: names.campaign,
      funding_instrument_id: instrument!.id,
      daily_budget_amount_local_micro: '50000000',
      entity_status: 'PAUSED',
    })) as { id: string };
    const lineItem = (await ads(xUserId, 'POST', `accounts/${accountId}/line_items`, {
      campaign_id: campaign.id,
      ...(names.lineItem !== undefined && { name: names.lineItem }),
      objective: 'ENGAGEMENTS',
      product_type: 'PROMOTED_TWEETS',
      placements: 'ALL_ON_TWITTER',
      entity_status: 'PAUSED',
    })) as { id: string };
    return { campaign: campaign.id, lineItem: lineItem.id };
  }

  async function call(session: TestSession, method: Method, url: string, payload?: object) {
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
    const accountId = await openAdAccount(xUserId, 'Murmur tests');
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.teamId, team.id), eq(memberships.userId, admin.user.id)));
    await t.db
      .insert(grantedAccounts)
      .values({ membershipId: membership!.id, network: 'twitter', accountId });
    const instruments = (await ads(xUserId, 'GET', `accounts/${accountId}/funding_instruments`)) as {
      currency: string;
    }[];
    return { teamId: team.id, slug: team.slug, accountId, currency: instruments[0]!.currency };
  }

  return {
    get t() {
      return t;
    },
    get app() {
      return t.app;
    },
    get origin() {
      return origin;
    },
    get network() {
      return network;
    },
    get net() {
      if (!net) throw new Error('This kit was started without the engine.');
      return net;
    },
    approve,
    xTokens,
    connectX,
    storeXToken,
    ads,
    openAdAccount,
    pausedLineItem,
    teamWithAdAccount,
    call,
  };
}
