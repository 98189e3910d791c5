import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutPage, cardProblem, type CardForm } from './checkout-page';
import { invoicePage, invoicePdf } from './documents';
import { invalid, StripeApiError } from './errors';
import { int, parseStripeForm, str, type FormObject } from './form';
import { listOf, publicSession, StripeState } from './store';
import { WebhookDispatcher, type WebhookEndpoint } from './webhooks';
import { STRIPE_DEV_KEYS } from '@murmur/core/dev-credentials';

export { signPayload, type WebhookEndpoint } from './webhooks';
export { StripeState, STRIPE_API_VERSION } from './store';
export type * from './types';

export { STRIPE_DEV_KEYS } from '@murmur/core/dev-credentials';

export interface StripeStandInOptions {
  /** Accepted secret key (Authorization: Bearer sk_…). */
  secretKey?: string;
  /** Where events go and the secret they are signed with; read per event, so tests can set it late. */
  webhook?: () => WebhookEndpoint | undefined;
  /** Unix seconds: the sandbox's simulated clock (advance moves the stand-in further on). */
  now?: () => number;
}

/** The stand-in as a Fastify plugin, with its state and dispatcher for tests. */
export interface StripeStandIn {
  plugin: FastifyPluginAsync;
  state: StripeState;
  webhooks: WebhookDispatcher;
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * A payment provider that speaks Stripe's REST API (v1, API version 2026-10-28) well enough for the
 * official `stripe` SDK pointed at it: customers and balance credits, products and prices (lookup
 * keys), Checkout Sessions with a hosted test payment page at /c/pay/:id (Stripe's test cards),
 * subscriptions (price changes with proration, cancel at period end, cancel now), invoices with
 * hosted pages and PDFs, idempotency keys, and events POSTed to one webhook endpoint signed as
 * Stripe signs them. Time is the sandbox's simulated clock; POST /v1/test_helpers/advance
 * `seconds=N` moves it on and runs renewals and period-end cancellations that fall due.
 */
export function createStripeStandIn(options: StripeStandInOptions = {}): StripeStandIn {
  const secretKey = options.secretKey ?? STRIPE_DEV_KEYS.secretKey;
  const webhooks = new WebhookDispatcher(options.webhook ?? (() => undefined));
  const clock = options.now ?? (() => Math.floor(Date.now() / 1000));
  const state = new StripeState(clock, (event) => webhooks.send(event));
  /** Idempotency-Key → the first answer and a digest of the request it answered (24 h in Stripe). */
  const idempotent = new Map<string, { digest: string; status: number; body: unknown }>();

  const plugin: FastifyPluginAsync = async (app) => {
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => {
      done(null, parseStripeForm(body as string));
    });

    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof StripeApiError) return reply.status(error.status).send(error.body());
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      const message = status < 500 ? (error as Error).message : 'An unexpected error occurred.';
      return reply
        .status(status)
        .send({ error: { type: status < 500 ? 'invalid_request_error' : 'api_error', message } });
    });

    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${request.url}).`,
        },
      }),
    );

    const base = (request: FastifyRequest) => {
      // Links in objects point where the API was reached (the server's public address in Murmur).
      const prefix = request.url.slice(0, request.url.indexOf('/v1/'));
      return `${request.protocol}://${request.host}${prefix}`;
    };

    await app.register(apiRoutes, { prefix: '/v1' });

    // Fastify plugins may be synchronous functions returning a promise; this one has nothing to await.
    function apiRoutes(api: FastifyInstance): Promise<void> {
      api.addHook('onRequest', (request, _reply, done) => {
        const auth = request.headers.authorization ?? '';
        const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
        if (key !== secretKey)
          return done(
            new StripeApiError(
              401,
              'invalid_request_error',
              key
                ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}`
                : 'You did not provide an API key.',
            ),
          );
        state.baseUrl = base(request);
        state.runDue();
        done();
      });
      const q = (request: FastifyRequest): FormObject => {
        const at = request.url.indexOf('?');
        return at < 0 ? {} : parseStripeForm(request.url.slice(at + 1));
      };
      const b = (request: FastifyRequest): FormObject =>
        request.body && typeof request.body === 'object' ? (request.body as FormObject) : {};
      const key = (request: FastifyRequest) => {
        const k = request.headers['idempotency-key'];
        return typeof k === 'string' && k.length > 0 && k.length <= 255 ? k : undefined;
      };

      /** A POST answered once per Idempotency-Key; a replay answers the same, other parameters a 400. */
      const post = (path: string, run: (request: FastifyRequest, k: string | undefined) => unknown) =>
        api.post(path, async (request, reply: FastifyReply) => {
          const k = key(request);
          const digest = createHash('sha256')
            .update(`${request.url} ${JSON.stringify(request.body ?? {})}`)
            .digest('hex');
          if (k) {
            const seen = idempotent.get(k);
            if (seen) {
              if (seen.digest !== digest)
                throw new StripeApiError(
                  400,
                  'idempotency_error',
                  `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${k}' if you meant to execute a different request.`,
                );
              return reply.status(seen.status).header('idempotent-replayed', 'true').send(seen.body);
            }
          }
          const body = run(request, k);
          if (k) idempotent.set(k, { digest, status: 200, body: structuredClone(body) });
          return reply.send(body);
        });
      const id = (request: FastifyRequest) => (request.params as { id: string }).id;

      post('/customers', (r) => state.createCustomer(b(r)));
      api.get('/customers/:id', (r) => state.customer(id(r)));
      post('/customers/:id', (r) => state.updateCustomer(id(r), b(r)));
      post('/customers/:id/balance_transactions', (r) => state.addBalance(id(r), b(r)));
      api.get('/customers/:id/balance_transactions', (r) =>
        listOf(
          [...state.balanceTransactions.values()].filter((t) => t.customer === id(r)).reverse(),
          `/v1/customers/${id(r)}/balance_transactions`,
          q(r),
        ),
      );

      post('/products', (r) => state.createProduct(b(r)));
      api.get('/products/:id', (r) => state.productOf(id(r)));
      post('/prices', (r) => state.createPrice(b(r)));
      api.get('/prices/:id', (r) => state.price(id(r), 'id'));
      api.get('/prices', (r) => {
        const query = q(r);
        const keys = Array.isArray(query.lookup_keys) ? query.lookup_keys : [];
        const active = str(query.active);
        const prices = [...state.prices.values()].filter(
          (p) =>
            (keys.length === 0 || keys.includes(p.lookup_key ?? '\0')) &&
            (active === undefined || String(p.active) === active) &&
            (str(query.product) === undefined || p.product === str(query.product)),
        );
        return listOf(prices.reverse(), '/v1/prices', query);
      });

      post('/checkout/sessions', (r) => publicSession(state.createCheckoutSession(b(r))));
      api.get('/checkout/sessions/:id', (r) => publicSession(state.session(id(r))));

      api.get('/subscriptions/:id', (r) => state.subscription(id(r)));
      post('/subscriptions/:id', (r, k) => state.updateSubscription(id(r), b(r), k));
      api.delete('/subscriptions/:id', (r) => state.cancelNow(id(r), key(r)));
      api.get('/subscriptions', (r) => {
        const query = q(r);
        const status = str(query.status) ?? 'all';
        const subs = [...state.subscriptions.values()].filter(
          (s) =>
            (str(query.customer) === undefined || s.customer === str(query.customer)) &&
            (status === 'all' ? true : s.status === status),
        );
        return listOf(subs.reverse(), '/v1/subscriptions', query);
      });

      api.get('/invoices/:id', (r) => state.invoice(id(r)));
      api.get('/invoices', (r) => {
        const query = q(r);
        const invoices = [...state.invoices.values()].filter(
          (i) =>
            (str(query.customer) === undefined || i.customer === str(query.customer)) &&
            (str(query.subscription) === undefined ||
              i.parent.subscription_details.subscription === str(query.subscription)),
        );
        return listOf(invoices.reverse(), '/v1/invoices', query);
      });

      api.get('/events/:id', (r) => {
        const event = state.events.find((e) => e.id === id(r));
        if (!event)
          throw new StripeApiError(
            404,
            'invalid_request_error',
            `No such event: '${id(r)}'`,
            'id',
            'resource_missing',
          );
        return event;
      });
      api.get('/events', (r) => listOf([...state.events].reverse(), '/v1/events', q(r)));

      // Not Stripe's test clocks (those attach to customers): one clock for the whole stand-in.
      post('/test_helpers/advance', (r) => {
        const seconds = int(b(r).seconds);
        if (seconds === undefined) throw invalid('seconds', 'Give seconds, a whole number.');
        state.advance(seconds);
        return { object: 'test_helpers.clock', now: state.now() };
      });
      api.get('/test_helpers/clock', () => ({ object: 'test_helpers.clock', now: state.now() }));
      return Promise.resolve();
    }

    // ── pages for the browser ────────────────────────────────────────────────────────────────
    const html = (reply: FastifyReply, status: number, text: string) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(text);

    app.get('/c/pay/:id', (request, reply) => {
      const session = state.sessions.get((request.params as { id: string }).id);
      if (!session) return html(reply, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
      const s = state.session(session.id);
      const price = state.price(s.line.price);
      return html(reply, 200, checkoutPage(s, price, state.productOf(price.product)));
    });

    app.post('/c/pay/:id', (request, reply) => {
      const session = state.sessions.get((request.params as { id: string }).id);
      if (!session) return html(reply, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
      const s = state.session(session.id);
      const price = state.price(s.line.price);
      const product = state.productOf(price.product);
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as FormObject;
      const form: CardForm = {
        email: str(body.email)?.slice(0, 200),
        number: str(body.number)?.slice(0, 40),
        expiry: str(body.expiry)?.slice(0, 10),
        cvc: str(body.cvc)?.slice(0, 6),
        name: str(body.name)?.slice(0, 100),
      };
      if (s.status !== 'open') return html(reply, 409, checkoutPage(s, price, product));
      const problem = cardProblem(form, state.now(), !s.customer);
      if (problem) return html(reply, 402, checkoutPage(s, price, product, { ...form, number: '' }, problem));
      state.completeCheckout(s.id, form.email ?? null);
      return reply.redirect(s.success_url.replaceAll('{CHECKOUT_SESSION_ID}', s.id), 303);
    });

    app.get('/invoices/:id', (request, reply) => {
      const invoice = state.invoices.get((request.params as { id: string }).id);
      if (!invoice) return html(reply, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
      return html(reply, 200, invoicePage(invoice));
    });

    app.get('/invoices/:id/pdf', (request, reply) => {
      const invoice = state.invoices.get((request.params as { id: string }).id);
      if (!invoice) return html(reply, 404, '<!doctype html><title>Not found</title><h1>Not found</h1>');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .send(invoicePdf(invoice));
    });
  };

  return { plugin, state, webhooks };
}
