import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeStandIn, STRIPE_DEV_KEYS, type StripeStandIn } from '.';

/**
 * The official SDK (23.1.0) against the stand-in over HTTP, with webhooks verified by the SDK's own
 * constructEvent: what the server relies on, exercised the way the server uses it.
 */
const PREFIX = '/sandbox/stripe';
let standIn: StripeStandIn;
let server: FastifyInstance;
let receiver: FastifyInstance;
let stripe: Stripe;
let base: string;
const received: Stripe.Event[] = [];
const SECRET = 'whsec_test_secret_for_the_stand_in';
let clock = Math.floor(Date.UTC(2026, 10, 22, 12) / 1000);

function sdk(key: string, port: number): Stripe {
  const inner = Stripe.createNodeHttpClient();
  // The SDK always requests /v1/…; the stand-in lives under a prefix, so the client adds it.
  const httpClient = Object.assign(Object.create(inner) as typeof inner, {
    makeRequest: (...args: Parameters<typeof inner.makeRequest>) => {
      args[2] = PREFIX + args[2];
      return inner.makeRequest(...args);
    },
  });
  return new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', httpClient, maxNetworkRetries: 0 });
}

beforeAll(async () => {
  receiver = Fastify();
  receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );
  receiver.post('/hook', (request, reply) => {
    // Throws on a bad signature: a test fails rather than silently accepting.
    const event = stripe.webhooks.constructEvent(
      request.body as string,
      request.headers['stripe-signature'] as string,
      SECRET,
    );
    received.push(event);
    return reply.send({ received: true });
  });
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  const hook = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}/hook`;

  standIn = createStripeStandIn({ now: () => clock, webhook: () => ({ url: hook, secret: SECRET }) });
  server = Fastify();
  await server.register(standIn.plugin, { prefix: PREFIX });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const port = (server.server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}${PREFIX}`;
  stripe = sdk(STRIPE_DEV_KEYS.secretKey, port);
});

afterAll(async () => {
  await server.close();
  await receiver.close();
});

const eventsOf = (type: string) => received.filter((e) => e.type === type);

async function proPrices() {
  const monthly = await stripe.prices.create({
    currency: 'eur',
    unit_amount: 14900,
    recurring: { interval: 'month' },
    lookup_key: 'pro-monthly-eur',
    product_data: { name: 'Pro' },
  });
  const business = await stripe.prices.create({
    currency: 'eur',
    unit_amount: 49900,
    recurring: { interval: 'month' },
    lookup_key: 'enterprise-monthly-eur',
    product_data: { name: 'Enterprise' },
  });
  return { monthly, business };
}

async function pay(url: string, number: string) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number, expiry: '12 / 34', cvc: '123', name: 'Ada' }).toString(),
  });
}

describe('Stripe stand-in through the official SDK', () => {
  let prices: Awaited<ReturnType<typeof proPrices>>;
  let customer: Stripe.Customer;
  let subscriptionId: string;

  it('refuses a wrong secret key as Stripe does', async () => {
    const port = Number(new URL(base).port);
    await expect(sdk('sk_test_wrong', port).customers.create({ name: 'x' })).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it('creates customers once per idempotency key', async () => {
    const params = {
      name: 'Acme BV',
      email: 'billing@acme.test',
      address: { country: 'NL' },
      metadata: { team_id: '7' },
    };
    customer = await stripe.customers.create(params, { idempotencyKey: 'customer-team-7' });
    const again = await stripe.customers.create(params, { idempotencyKey: 'customer-team-7' });
    expect(again.id).toBe(customer.id);
    expect(customer).toMatchObject({
      name: 'Acme BV',
      address: { country: 'NL' },
      metadata: { team_id: '7' },
    });
    await expect(
      stripe.customers.create({ name: 'Other' }, { idempotencyKey: 'customer-team-7' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('finds prices by lookup key', async () => {
    prices = await proPrices();
    const found = await stripe.prices.list({ lookup_keys: ['pro-monthly-eur'], active: true });
    expect(found.data.map((p) => p.id)).toEqual([prices.monthly.id]);
    expect(found.data[0]).toMatchObject({
      unit_amount: 14900,
      currency: 'eur',
      recurring: { interval: 'month' },
    });
    await expect(stripe.prices.retrieve('price_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
  });

  it('declines 4000 0000 0000 0002 on the hosted page and creates nothing', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: prices.monthly.id, quantity: 1 }],
      success_url: 'http://app.test/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/cancel',
    });
    expect(session.url).toMatch(/\/sandbox\/stripe\/c\/pay\/cs_test_/);
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('€149.00');
    // The paid form redirects to the return URL's origin: form-action must name it (CSP 3 §6.4.1).
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self' http:\/\/app\.test(;|$)/);
    const declined = await pay(session.url!, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('pays 4242… on the hosted page: subscription active, invoice paid, signed events in order', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: prices.monthly.id, quantity: 1 }],
      success_url: 'http://app.test/done?session={CHECKOUT_SESSION_ID}',
      subscription_data: { metadata: { team_id: '7', plan: 'pro-monthly' } },
      metadata: { team_id: '7' },
    });
    const paid = await pay(session.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/done?session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const sub = await stripe.subscriptions.retrieve(done.subscription as string);
    subscriptionId = sub.id;
    expect(sub).toMatchObject({ status: 'active', metadata: { team_id: '7', plan: 'pro-monthly' } });
    const item = sub.items.data[0]!;
    expect(item.current_period_start).toBe(clock);
    expect(new Date(item.current_period_end * 1000).toISOString()).toBe('2026-12-22T12:00:00.000Z');
    await standIn.webhooks.idle();
    expect(received.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const invoice = eventsOf('invoice.paid')[0]!.data.object as Stripe.Invoice;
    expect(invoice).toMatchObject({
      amount_paid: 14900,
      currency: 'eur',
      billing_reason: 'subscription_create',
    });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
    // The PDF and the hosted page download.
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain(invoice.number!);
  });

  it('prorates an upgrade half-way through the period and invoices it at once', async () => {
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const { current_period_start: start, current_period_end: end } = sub.items.data[0]!;
    clock = start + Math.floor((end - start) / 2);
    const updated = await stripe.subscriptions.update(
      subscriptionId,
      {
        items: [{ id: sub.items.data[0]!.id, price: prices.business.id }],
        proration_behavior: 'always_invoice',
      },
      { idempotencyKey: 'upgrade-1' },
    );
    expect(updated.items.data[0]!.price.id).toBe(prices.business.id);
    expect(updated.items.data[0]!.current_period_end).toBe(end);
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    const share = (end - clock) / (end - start);
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(invoice.amount_paid).toBe(Math.round(49900 * share) - Math.round(14900 * share));
    expect(invoice.lines.data).toHaveLength(2);
    // The same key again changes nothing and answers the same.
    const replay = await stripe.subscriptions.update(
      subscriptionId,
      {
        items: [{ id: sub.items.data[0]!.id, price: prices.business.id }],
        proration_behavior: 'always_invoice',
      },
      { idempotencyKey: 'upgrade-1' },
    );
    expect(replay.latest_invoice).toBe(updated.latest_invoice);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(2);
  });

  it('cancels at period end: active until then, canceled once the clock passes it', async () => {
    const sub = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const end = sub.items.data[0]!.current_period_end;
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    await fetchAdvance(end - clock - 60);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    await fetchAdvance(120);
    const ended = await stripe.subscriptions.retrieve(subscriptionId);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
    await standIn.webhooks.idle();
    expect(
      eventsOf('customer.subscription.deleted').map((e) => (e.data.object as Stripe.Subscription).id),
    ).toEqual([subscriptionId]);
  });

  it('renews a subscription when its period passes, with a cycle invoice', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: prices.monthly.id }],
      success_url: 'http://app.test/done',
    });
    expect((await pay(session.url!, '4242424242424242')).status).toBe(303);
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const before = await stripe.subscriptions.retrieve(subId);
    await fetchAdvance(before.items.data[0]!.current_period_end - standIn.state.now() + 1);
    const after = await stripe.subscriptions.retrieve(subId);
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.current_period_start).toBe(before.items.data[0]!.current_period_end);
    const cycle = await stripe.invoices.retrieve(after.latest_invoice as string);
    expect(cycle).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 14900 });
  });

  it('credits a customer balance, used by the next invoice', async () => {
    const credit = await stripe.customers.createBalanceTransaction(customer.id, {
      amount: -5000,
      currency: 'eur',
    });
    expect(credit.ending_balance).toBe(-5000);
    const subs = await stripe.subscriptions.list({ customer: customer.id, status: 'active' });
    const sub = subs.data[0]!;
    await fetchAdvance(sub.items.data[0]!.current_period_end - standIn.state.now() + 1);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(invoice).toMatchObject({ total: 14900, amount_paid: 9900, starting_balance: -5000 });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ balance: 0 });
  });

  it('answers Stripe-shaped errors for bad parameters', async () => {
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'x', line_items: [] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'success_url' });
    const res = await fetch(`${base}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${STRIPE_DEV_KEYS.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'name[__proto__][x]=1&metadata[a][b][c][d][e][f][g]=1',
    });
    expect(res.status).toBe(200);
  });
});

async function fetchAdvance(seconds: number) {
  const res = await fetch(`${base}/v1/test_helpers/advance`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${STRIPE_DEV_KEYS.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `seconds=${seconds}`,
  });
  expect(res.status).toBe(200);
}
