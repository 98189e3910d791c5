import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeStandIn, STRIPE_DEV_KEYS, type StripeStandIn } from '@murmur/sandbox';
import type { Team, TeamBilling } from '@murmur/core/api';
import { stripeConfig } from '../../config';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { UPLOAD_NEEDS_SUBSCRIPTION } from './plans';

/**
 * The billing API on a real database, talking through the official SDK to the sandbox's Stripe
 * stand-in over HTTP; the stand-in's signed webhooks reach this app over HTTP too.
 */
const PREFIX = '/sandbox/stripe';
let standIn: StripeStandIn;
let provider: FastifyInstance;
let t: TestApp;
let admin: TestSession;
let member: TestSession;
let team: Team;
let clock = Math.floor(Date.now() / 1000);

async function startApp(standInPort: number): Promise<TestApp> {
  const app = await createTestApp({
    stripe: {
      ...stripeConfig('', false),
      apiUrl: `http://127.0.0.1:${standInPort}${PREFIX}`,
      sandbox: false,
    },
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const port = (app: FastifyInstance) => (app.server.address() as { port: number }).port;

beforeAll(async () => {
  let hook = '';
  standIn = createStripeStandIn({
    now: () => clock,
    webhook: () => ({ url: hook, secret: STRIPE_DEV_KEYS.webhookSecret }),
  });
  provider = Fastify();
  await provider.register(standIn.plugin, { prefix: PREFIX });
  await provider.listen({ port: 0, host: '127.0.0.1' });
  t = await startApp(port(provider));
  hook = `http://127.0.0.1:${port(t.app)}/api/customer/subscriptions/webhook/`;
  admin = await t.signIn('admin@billing.test');
  member = await t.signIn('member@billing.test');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: admin.tokenAuth,
    payload: { name: 'Acme Billing' },
  });
  team = created.json<Team>();
});

afterAll(async () => {
  await t.close();
  await provider.close();
});

const overview = async (session = admin) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/customer/subscriptions/?team=${team.slug}`,
    headers: session.tokenAuth,
  });
  expect(res.statusCode).toBe(200);
  return res.json<TeamBilling>();
};

const post = (path: string, payload: object, session = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/customer/subscriptions/${path}`,
    headers: session.tokenAuth,
    payload,
  });

async function pay(url: string, number: string) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, expiry: '12 / 34', cvc: '123' }).toString(),
  });
  await standIn.webhooks.idle();
  return res;
}

/** Subscription rows and invoices as the webhooks left them, comparable across databases. */
async function endState(app: TestApp, teamId: number) {
  const billing = await app.app.inject({
    method: 'GET',
    url: `/api/customer/subscriptions/?team=${teamId}`,
    headers: (await app.signIn('admin@billing.test')).tokenAuth,
  });
  const body = billing.json<TeamBilling>();
  return {
    active: body.active,
    enterprise: body.enterprise,
    subscription: body.subscription,
    invoices: body.invoices.map((i) => i.id).sort(),
  };
}

describe('plans', () => {
  it('lists every plan with EUR and JPY prices to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customer/subscriptions/plans/' });
    expect(res.statusCode).toBe(200);
    const { plans } = res.json<{ plans: { code: string; prices: { eur: number; jpy: number } }[] }>();
    expect(plans.map((p) => p.code)).toEqual([
      'premium-month',
      'premium-year',
      'starter-month',
      'starter-year',
      'pro-month',
      'pro-year',
      'enterprise-month',
      'enterprise-year',
    ]);
    expect(plans.find((p) => p.code === 'pro-month')!.prices).toEqual({ eur: 14900, jpy: 23900 });
  });

  it('gives the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customer/subscriptions/public_key/' });
    expect(res.json()).toEqual({ public_key: STRIPE_DEV_KEYS.publishableKey });
  });
});

describe('team subscription through checkout, webhooks, upgrade and cancel', () => {
  it('refuses checkout until the billing details are complete (SPEC §6)', async () => {
    const res = await post('checkout/', { team: team.slug, plan: 'pro-month' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [
        'Complete the billing details (invoice email, country and invoice name) before subscribing.',
      ],
    });
  });

  it('refuses uploads without a subscription, in SPEC §5 words', async () => {
    const body = await overview();
    expect(body).toMatchObject({
      active: false,
      subscription: null,
      billing_complete: false,
      currency: 'eur',
      can_upload: { allowed: false, reason: UPLOAD_NEEDS_SUBSCRIPTION },
    });
  });

  it('prices in yen for a Japanese reader until the team names its billing country', async () => {
    const language = (value: 'ja' | 'en') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/me/',
        headers: member.tokenAuth,
        payload: { language: value },
      });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: member.tokenAuth,
      payload: { name: 'Tokyo Shop' },
    });
    const tokyo = invited.json<Team>();
    const currency = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/customer/subscriptions/?team=${tokyo.slug}`,
          headers: member.tokenAuth,
        })
      ).json<TeamBilling>().currency;
    expect((await language('ja')).statusCode).toBe(200);
    try {
      expect(await currency()).toBe('jpy');
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/teams/${tokyo.slug}/`,
        headers: member.tokenAuth,
        payload: { country: 'NL' },
      });
      expect(patched.statusCode).toBe(200);
      expect(await currency()).toBe('eur');
    } finally {
      expect((await language('en')).statusCode).toBe(200);
    }
  });

  it('lets only team admins buy, and only team plans', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/${team.slug}/`,
      headers: admin.tokenAuth,
      payload: { invoice_email: 'billing@acme.test', country: 'NL', invoice_name: 'Acme BV' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await post('checkout/', { team: team.slug, plan: 'premium-month' })).statusCode).toBe(400);
    expect((await post('checkout/', { team: team.slug, plan: 'nope' })).statusCode).toBe(400);
    // Not a member: the same 404 as a missing team.
    expect((await post('checkout/', { team: team.slug, plan: 'pro-month' }, member)).statusCode).toBe(404);
  });

  it('a declined card leaves no subscription', async () => {
    const res = await post('checkout/', { team: team.slug, plan: 'pro-month' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect((await pay(url, '4000000000000002')).status).toBe(402);
    const body = await overview();
    expect(body).toMatchObject({ active: false, subscription: null, invoices: [] });
  });

  it('a paid checkout makes the team active from the webhook, with its invoice', async () => {
    clock += 120;
    const { url } = (await post('checkout/', { team: team.slug, plan: 'pro-month' })).json<{ url: string }>();
    const paid = await pay(url, '4242424242424242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(
      new RegExp(`^https://murmur\\.test/${team.slug}/team\\?billing=success&session_id=cs_test_`),
    );
    const body = await overview();
    expect(body).toMatchObject({
      active: true,
      enterprise: false,
      subscription: {
        plan: { code: 'pro-month', name: 'Pro' },
        status: 'active',
        cancel_at_period_end: false,
      },
      can_upload: { allowed: true, reason: null },
    });
    expect(body.invoices).toHaveLength(1);
    expect(body.invoices[0]).toMatchObject({ amount_paid: 14900, currency: 'eur' });
    expect(body.invoices[0]!.pdf_url).toMatch(/\/invoices\/in_.*\/pdf$/);
    // SPEC §3: the team shows the subscription.
    const teamNow = (
      await t.app.inject({ method: 'GET', url: `/api/teams/${team.slug}/`, headers: admin.tokenAuth })
    ).json<Team>();
    expect(teamNow.subscriptions).toEqual([
      { start: body.subscription!.start, active: true, plan: { name: 'Pro' } },
    ]);
    // A second checkout while active is refused.
    expect((await post('checkout/', { team: team.slug, plan: 'pro-month' })).statusCode).toBe(409);
  });

  it('upgrades with proration invoiced at once; a lower plan is refused', async () => {
    clock += 10 * 86400;
    expect((await post('upgrade/', { team: team.slug, plan: 'starter-month' })).statusCode).toBe(400);
    const res = await post('upgrade/', { team: team.slug, plan: 'enterprise-month' });
    expect(res.statusCode).toBe(200);
    await standIn.webhooks.idle();
    const body = await overview();
    expect(body).toMatchObject({
      active: true,
      enterprise: true,
      subscription: { plan: { code: 'enterprise-month', name: 'Enterprise' } },
    });
    expect(body.invoices).toHaveLength(2);
    const proration = body.invoices.find((i) => i.billing_reason === 'subscription_update')!;
    expect(proration.amount_paid).toBeGreaterThan(0);
    expect(proration.amount_paid).toBeLessThan(49900 - 14900);
  });

  it('cancels at period end: active until then, inactive after, uploads refused', async () => {
    clock += 60;
    const res = await post('cancel/', { team: team.slug }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ detail: string }>().detail).toMatch(/^The subscription ends on \d{4}-\d\d-\d\d/);
    await standIn.webhooks.idle();
    const before = await overview();
    expect(before).toMatchObject({ active: true, subscription: { cancel_at_period_end: true } });
    const end = Date.parse(before.subscription!.current_period_end!) / 1000;
    standIn.state.advance(end - standIn.state.now() + 5);
    await standIn.webhooks.idle();
    const after = await overview();
    expect(after).toMatchObject({
      active: false,
      subscription: { status: 'canceled', active: false },
      can_upload: { allowed: false, reason: UPLOAD_NEEDS_SUBSCRIPTION },
    });
    expect((await post('cancel/', { team: team.slug })).statusCode).toBe(409);
  });

  it('a webhook with a bad signature is a 400 and changes nothing', async () => {
    const before = await endState(t, team.id);
    const event = standIn.state.events.find((e) => e.type === 'customer.subscription.created')!;
    const payload = JSON.stringify({
      ...event,
      id: 'evt_forged',
      data: { object: { ...event.data.object, status: 'active' } },
    });
    for (const signature of [
      Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
      't=1,v1=deadbeef',
      undefined,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/customer/subscriptions/webhook/',
        headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await endState(t, team.id)).toEqual(before);
  });

  it('replaying every event twice, in order and out of order, reaches the same end state', async () => {
    const expected = await endState(t, team.id);
    const events = standIn.state.events.map((e) => JSON.stringify(e));
    // A fresh server whose team has the same id receives the same events in other orders.
    const other = await startApp(port(provider));
    const otherAdmin = await other.signIn('admin@billing.test');
    const otherTeam = (
      await other.app.inject({
        method: 'POST',
        url: '/api/teams/',
        headers: otherAdmin.tokenAuth,
        payload: { name: 'Acme Billing' },
      })
    ).json<Team>();
    expect(otherTeam.id).toBe(team.id);
    const deliver = async (app: TestApp, payload: string) => {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/customer/subscriptions/webhook/',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: STRIPE_DEV_KEYS.webhookSecret,
          }),
        },
        payload,
      });
      expect(res.statusCode).toBe(200);
    };
    const reversed = [...events].reverse();
    // Interleaved: the last half first, each event twice.
    const shuffled = [...events.slice(events.length / 2), ...events.slice(0, events.length / 2)];
    for (const payload of reversed) await deliver(other, payload);
    for (const payload of [...shuffled, ...shuffled]) await deliver(other, payload);
    expect(await endState(other, otherTeam.id)).toEqual(expected);
    // And the first server, given everything again, is unchanged.
    for (const payload of [...events, ...reversed]) await deliver(t, payload);
    expect(await endState(t, team.id)).toEqual(expected);
    await other.close();
  });

  it('out-of-order delivery of a single subscription keeps its latest state', async () => {
    const other = await startApp(port(provider));
    const otherAdmin = await other.signIn('admin@billing.test');
    await other.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: otherAdmin.tokenAuth,
      payload: { name: 'Acme Billing' },
    });
    const updates = standIn.state.events.filter((e) => e.type.startsWith('customer.subscription.'));
    // Newest first: the cancellation, then the older updates, which must not revive it.
    for (const e of [...updates].reverse()) {
      const payload = JSON.stringify(e);
      await other.app.inject({
        method: 'POST',
        url: '/api/customer/subscriptions/webhook/',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: STRIPE_DEV_KEYS.webhookSecret,
          }),
        },
        payload,
      });
    }
    const state = await endState(other, team.id);
    expect(state).toMatchObject({
      active: false,
      subscription: { status: 'canceled', plan: { code: 'enterprise-month' } },
    });
    await other.close();
  });
});

describe('premium subscription and referral', () => {
  const dt = (method: 'GET' | 'POST' | 'PATCH', path: string, session: TestSession, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/external/deepthought/${path}`,
      headers: session.tokenAuth,
      ...(payload && { payload }),
    });

  it('credits the referrer once, on the referee’s first paid invoice', async () => {
    const { code } = (await dt('GET', 'referral/', admin)).json<{ code: string }>();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect((await dt('POST', 'referral/', admin, { code })).statusCode).toBe(400);
    expect((await dt('POST', 'referral/', member, { code: 'NOSUCH99' })).statusCode).toBe(400);
    const applied = await dt('POST', 'referral/', member, { code: code.toLowerCase() });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ referred_by: code });
    expect((await dt('POST', 'referral/', member, { code })).statusCode).toBe(409);

    expect((await dt('GET', 'subscription/', member)).json()).toMatchObject({
      active: false,
      subscription: null,
    });
    clock += 60;
    const created = await dt('POST', 'subscription/create/', member, { plan: 'premium-month' });
    expect(created.statusCode).toBe(200);
    const paid = await pay(created.json<{ url: string }>().url, '4242424242424242');
    expect(paid.headers.get('location')).toMatch(/\/create-subscription\/success\?session_id=cs_test_/);
    const info = (await dt('GET', 'subscription/', member)).json<{ active: boolean; invoices: unknown[] }>();
    expect(info).toMatchObject({ active: true, subscription: { plan: { code: 'premium-month' } } });
    expect(info.invoices).toHaveLength(1);
    expect((await dt('GET', 'referral/', admin)).json()).toMatchObject({
      referred: 1,
      credited: 1,
      credits: [{ amount: 1900, currency: 'eur' }],
    });
    // Renewal off, then cancel: still active until the period ends.
    const patched = await dt('PATCH', 'subscription/', member, { auto_renew: false });
    expect(patched.statusCode).toBe(200);
    await standIn.webhooks.idle();
    expect((await dt('GET', 'subscription/', member)).json()).toMatchObject({
      active: true,
      subscription: { cancel_at_period_end: true },
    });
    expect((await dt('POST', 'subscription/cancel/', member)).statusCode).toBe(200);
  });
});
