// Child process of bench/api/run.ts: the real product (`startServer`, as `npm start` runs it) on a
// temporary data folder with the sandbox network, signed in through the real magic-link flow (a
// capturing mailer hands us the code). Sends the URL and the credentials to the parent over IPC.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountKind, STRIPE_DEV_KEYS } from '@murmur/sandbox';
import { startServer } from '../../apps/server/src/main';
import { createCapturingMailer } from '../../apps/server/src/test/capturing-mailer';

export interface BenchCredentials {
  token: string;
  /** `Cookie` header: the session and csrftoken cookies. */
  cookie: string;
  csrf: string;
}

export interface ProductReady {
  url: string;
  reader: BenchCredentials;
  bystander: BenchCredentials;
  accounts: number;
  startSeconds: number;
  /** The reader's team (for the team's campaigns list). */
  teamSlug: string;
  /** Followers of the reader's connected X account, synced into Deep Thought (its followers page). */
  followers: number;
}

/** About this many followers: a sync of a few pages, a followers page read from a real table. */
const FOLLOWERS_WANTED = 2_000;

const accounts = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const dataDir = mkdtempSync(join(tmpdir(), 'murmur-bench-api-'));
const mailer = createCapturingMailer();
const started = performance.now();
// A port known before the start, so that PUBLIC_URL names it: the sandbox's payment stand-in sends
// its webhook there, and X's sign-in accepts only callbacks on this site.
const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
  probe.once('error', reject);
});
const server = await startServer({
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SANDBOX_ACCOUNTS: String(accounts),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // The reader is internal staff, so that it can give itself creator access (SPEC §6) to save audiences.
    STAFF_EMAIL_DOMAINS: 'bench.test',
  },
  mailer,
});
const { url } = server;

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The real sign-in: request a code, read it from the captured mail, exchange it. */
async function signIn(email: string): Promise<BenchCredentials> {
  const requested = await call('/api/user/magic-link/', { method: 'POST', body: JSON.stringify({ email }) });
  const { magic_code } = (await requested.json()) as { magic_code: string };
  const code = /^ {4}([A-Z0-9]{6})$/m.exec(mailer.last(email).text)?.[1];
  if (!code) throw new Error(`no sign-in code in the mail to ${email}`);
  const used = await call('/api/user/magic-link/use/', {
    method: 'POST',
    body: JSON.stringify({ magic_code, confirm_code: code }),
  });
  const { key } = (await used.json()) as { key: string };
  const cookies = Object.fromEntries(
    used.headers.getSetCookie().map((c) => {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  const session = cookies.murmur_session;
  const csrf = cookies.csrftoken;
  if (!session || !csrf) throw new Error('sign-in set no session cookies');
  return { token: key, cookie: `murmur_session=${session}; csrftoken=${csrf}`, csrf };
}

// The estimate and the saved audiences need the engine; the bench starts once it has indexed.
for (;;) {
  const status = (await (await call('/api/engine/status/')).json()) as { state: string; message: string };
  if (status.state === 'ready') break;
  if (status.state === 'failed') throw new Error(`engine failed: ${status.message}`);
  await new Promise((r) => setTimeout(r, 250));
}

const reader = await signIn('reader@bench.test');
const bystander = await signIn('bystander@bench.test');
// A personal list of a few saved audiences for the list read (saving what one built needs the
// Audience_creator group, which staff give).
await call('/api/staff/user-groups/', {
  method: 'POST',
  headers: { authorization: `Token ${reader.token}` },
  body: JSON.stringify({ email: 'reader@bench.test', group: 'Audience_creator' }),
});
for (const [i, label] of ['en', 'ja', 'es', 'pt', 'fr'].entries()) {
  await call('/api/audience-configs/', {
    method: 'POST',
    headers: { authorization: `Token ${reader.token}` },
    body: JSON.stringify({ name: `Bench audience ${i + 1}`, targeting_package: { languages: [{ label }] } }),
  });
}

// A team of the reader's, for the team list and the team's (empty) campaigns list.
const team = (await (
  await call('/api/teams/', {
    method: 'POST',
    headers: { authorization: `Token ${reader.token}` },
    body: JSON.stringify({ name: 'Bench team' }),
  })
).json()) as { slug: string };

const followers = await connectDeepThought(reader);

const ready: ProductReady = {
  url,
  reader,
  bystander,
  accounts,
  startSeconds: (performance.now() - started) / 1000,
  teamSlug: team.slug,
  followers,
};
process.send?.(ready);
// bench/api/run.ts asks for this process's CPU time (all its threads) before and after each case.
process.on('message', (m) => {
  if (m === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});

process.once('SIGTERM', () => {
  void server.close().finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});

/**
 * Deep Thought for the reader, as a user gets there: a sign-in with X on the sandbox's authorisation
 * page as the person whose follower count is nearest FOLLOWERS_WANTED, the account connected and
 * synced, and premium bought through the payment stand-in (whose signed webhook the server hears).
 */
async function connectDeepThought(user: BenchCredentials): Promise<number> {
  const network = server.network;
  if (!network) throw new Error('the bench needs the sandbox network (SANDBOX_ENABLED)');
  const { accounts, graph } = network;
  let chosen = -1;
  for (let i = 0; i < accounts.count; i++)
    if (
      accounts.kind[i] === AccountKind.person &&
      (chosen < 0 ||
        Math.abs(graph.inDegree[i]! - FOLLOWERS_WANTED) <
          Math.abs(graph.inDegree[chosen]! - FOLLOWERS_WANTED))
    )
      chosen = i;
  const auth = { authorization: `Token ${user.token}` };
  const callback = `${url}/login/twitter`;
  const requested = await call(
    `/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(callback)}`,
  );
  const { authorize_url } = (await requested.json()) as { authorize_url: string };
  const authorize = `${url}${new URL(authorize_url).pathname}${new URL(authorize_url).search}`;
  const page = await (await call(authorize.slice(url.length))).text();
  const form = new URLSearchParams();
  const fields = /<form method="post">([\s\S]*?)<\/form>/.exec(page)?.[1] ?? '';
  for (const m of fields.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    form.set(m[1]!, m[2]!.replace(/&amp;/g, '&'));
  form.set('account', accounts.ids[chosen]!.toString());
  form.set('decision', 'allow');
  const decided = await fetch(authorize, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const back = new URL(decided.headers.get('location') ?? '');
  const tokens = await (
    await call(`/rest-auth/twitter/access_token/?${back.searchParams.toString()}`)
  ).json();
  await call('/api/external/deepthought/accounts/', {
    method: 'POST',
    headers: auth,
    body: JSON.stringify(tokens),
  });
  const job = (await (
    await call('/api/external/deepthought/sync/', { method: 'POST', headers: auth, body: '{}' })
  ).json()) as { id: number };
  for (;;) {
    const state = (await (
      await call(`/api/external/deepthought/jobs/${job.id}/`, { headers: auth })
    ).json()) as {
      state: string;
      error: string | null;
    };
    if (state.state === 'done') break;
    if (state.state === 'failed') throw new Error(`Deep Thought sync failed: ${state.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await buyPremium(auth);
  return graph.inDegree[chosen]!;
}

/**
 * Premium through the payment stand-in as e2e/support/premium.ts buys it: the monthly price (its
 * lookup key is the one the billing module reads), a checkout session for the user, the hosted page
 * posted with a test card; the stand-in's signed webhook then reaches the server.
 */
async function buyPremium(auth: { authorization: string }): Promise<void> {
  const me = (await (await call('/api/user/me/', { headers: auth })).json()) as { id: number };
  const stripe = async (path: string, form: Record<string, string>) =>
    (await (
      await call(`/sandbox/stripe/v1/${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${STRIPE_DEV_KEYS.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
      })
    ).json()) as { id: string; url: string };
  const price = await stripe('prices', {
    currency: 'eur',
    unit_amount: '1900',
    'recurring[interval]': 'month',
    lookup_key: 'murmur-premium-month-eur',
    'product_data[name]': 'Premium (monthly)',
    'metadata[plan]': 'premium-month',
  });
  const session = await stripe('checkout/sessions', {
    mode: 'subscription',
    'line_items[0][price]': price.id,
    'line_items[0][quantity]': '1',
    success_url: `${url}/create-subscription/success`,
    cancel_url: `${url}/create-subscription/cancel`,
    'subscription_data[metadata][user_id]': String(me.id),
    'subscription_data[metadata][plan]': 'premium-month',
  });
  const paid = await fetch(session.url.replace(/^https?:\/\/[^/]+/, url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'reader@bench.test',
      number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Bench reader',
    }),
  });
  if (paid.status !== 303) throw new Error(`premium checkout: ${paid.status} ${await paid.text()}`);
  for (;;) {
    const status = (await (await call('/api/external/deepthought/status/', { headers: auth })).json()) as {
      premium: boolean;
    };
    if (status.premium) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
