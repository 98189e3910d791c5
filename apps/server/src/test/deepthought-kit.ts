import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { AccountKind, generateNetwork, type Network } from '@murmur/sandbox';
import type { DtJob, XAccount } from '@murmur/core/api';
import type { Db } from '../db/database';
import { premiumSubscriptions } from '../db/schema';
import type { CapturingMailer } from './capturing-mailer';
import { freePort, pathOf } from './sandbox-test-kit';
import { codeFromMail, type TestSession } from './test-app';
import { createXSandboxApp } from './x-sandbox-app';

interface Started {
  app: FastifyInstance;
  db: Db;
  net: Network;
  origin: string;
  me: number;
  mailer: CapturingMailer;
  close: () => Promise<void>;
}

async function signInOn({ app, mailer }: Started, email: string): Promise<TestSession> {
  const requested = await app.inject({ method: 'POST', url: '/api/user/magic-link/', payload: { email } });
  const { magic_code } = requested.json<{ magic_code: string }>();
  const confirm_code = codeFromMail(mailer.last(email).text);
  const used = await app.inject({
    method: 'POST',
    url: '/api/user/magic-link/use/',
    payload: { magic_code, confirm_code },
  });
  const { key, user } = used.json<{ key: string; user: TestSession['user'] }>();
  const sessionKey = used.cookies.find((c) => c.name === 'murmur_session')!.value;
  const csrfToken = used.cookies.find((c) => c.name === 'csrftoken')!.value;
  return {
    user,
    token: key,
    tokenAuth: { authorization: `Token ${key}` },
    cookieAuth: {
      cookie: `murmur_session=${sessionKey}; csrftoken=${csrfToken}`,
      'x-csrftoken': csrfToken,
    },
    sessionKey,
    csrfToken,
  };
}

async function xTokensOn({ app, net, origin }: Started, account: number) {
  const callback = `${origin}/login/twitter`;
  const requested = await app.inject({
    url: `/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(callback)}`,
  });
  const { authorize_url } = requested.json<{ authorize_url: string }>();
  const page = await app.inject({ url: pathOf(authorize_url) });
  const post = /<form method="post">([\s\S]*?)<\/form>/.exec(page.body)?.[1] ?? '';
  const form = new URLSearchParams();
  for (const m of post.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    form.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
  form.set('account', net.accounts.ids[account]!.toString());
  form.set('decision', 'allow');
  const decided = await app.inject({
    method: 'POST',
    url: pathOf(authorize_url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const back = new URL(decided.headers.location!);
  const exchanged = await app.inject({
    url: `/rest-auth/twitter/access_token/?${back.searchParams.toString()}`,
  });
  return exchanged.json<{ access_token: string; access_token_secret: string }>();
}

/** The X sandbox app over a generated network, listening; `me`: the person with the most followers. */
async function start(): Promise<Started> {
  const net = generateNetwork({ accounts: 2000, seed: 'deepthought-tests' });
  const a = net.accounts;
  let me = -1;
  for (let i = 0; i < a.count; i++)
    if (
      a.kind[i] === AccountKind.person &&
      net.graph.outDegree[i]! >= 10 &&
      (me < 0 || net.graph.inDegree[i]! > net.graph.inDegree[me]!)
    )
      me = i;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const sandbox = await createXSandboxApp(
    { publicUrl: origin },
    {
      network: net,
      // X's follow limit squeezed into 3 per 2-second window: the bulk job must wait for resets.
      x: {
        rateLimits: {
          'POST /2/users/:id/following': 3,
          'DELETE /2/users/:source_user_id/following/:target_user_id': 3,
        },
        rateLimitWindowSeconds: 2,
      },
    },
  );
  const { app, db, mailer } = sandbox;
  await app.listen({ port, host: '127.0.0.1' });
  return { app, db, net, origin, me, mailer, close: () => sandbox.close() };
}

/**
 * Deep Thought's tests against the X sandbox, listening on a port of its own (X's sign-in page calls
 * back to it): a network of 2 000 accounts, ann signed in. `me` is the sandbox account ann connects:
 * the person with the most followers. Registers the file's beforeAll and afterAll; the fields are
 * there once beforeAll ran.
 */
export function deepThoughtKit() {
  let started: Started | undefined;
  let ann: TestSession | undefined;
  const need = (): Started => {
    if (!started) throw new Error('deepThoughtKit: read before its beforeAll ran');
    return started;
  };
  const annOf = (): TestSession => {
    if (!ann) throw new Error('deepThoughtKit: read before its beforeAll ran');
    return ann;
  };

  const signIn = (email: string) => signInOn(need(), email);
  /** Sign in with X on the sandbox's authorisation page as a given account, up to the user token. */
  const xTokensFor = (account: number) => xTokensOn(need(), account);

  const get = <T>(url: string, auth = annOf().tokenAuth) =>
    need()
      .app.inject({ url, headers: auth })
      .then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const post = <T>(url: string, payload: unknown, auth = annOf().tokenAuth) =>
    need()
      .app.inject({ method: 'POST', url, payload: payload as object, headers: auth })
      .then((r) => ({
        status: r.statusCode,
        body: r.json<T>(),
      }));

  async function finished(job: DtJob, seen: DtJob[] = []): Promise<DtJob> {
    for (let i = 0; i < 600; i++) {
      const { body } = await get<DtJob>(`/api/external/deepthought/jobs/${job.id}/`);
      seen.push(body);
      if (body.state === 'done' || body.state === 'failed') return body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('job did not finish');
  }

  /** What the billing module writes when the provider reports a paid premium subscription. */
  async function givePremium(userId: number, active = true) {
    await need()
      .db.insert(premiumSubscriptions)
      .values({
        userId,
        stripeSubscriptionId: `sub_test_${userId}_${String(active)}`,
        start: new Date(),
        active,
        status: active ? 'active' : 'canceled',
        planCode: 'premium',
        currency: 'eur',
        stateAt: new Date(),
      });
  }

  /** Ann connects `me` through a sign-in with X (deepthought-accounts.test.ts tests this step). */
  async function connect(): Promise<XAccount> {
    const connected = await post<XAccount>(
      '/api/external/deepthought/accounts/',
      await xTokensFor(need().me),
    );
    expect(connected.status).toBe(200);
    return connected.body;
  }

  /** A sync of ann's account, to its end (deepthought-sync.test.ts tests this step). */
  async function sync(): Promise<DtJob> {
    const started = await post<DtJob>('/api/external/deepthought/sync/', {});
    expect(started.status).toBe(200);
    const job = await finished(started.body);
    expect(job.state).toBe('done');
    return job;
  }

  beforeAll(async () => {
    started = await start();
    ann = await signIn('ann@example.com');
  }, 120_000);

  afterAll(async () => {
    await started?.close();
  });

  return {
    get app() {
      return need().app;
    },
    get db() {
      return need().db;
    },
    get net() {
      return need().net;
    },
    get origin() {
      return need().origin;
    },
    get ann() {
      return annOf();
    },
    get me() {
      return need().me;
    },
    signIn,
    xTokensFor,
    get,
    post,
    finished,
    givePremium,
    connect,
    sync,
  };
}
