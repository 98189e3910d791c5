import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invalid, StripeApiError } from './errors';
import { int, parseStripeForm, str, type FormObject } from './form';
import { listOf, publicSession, type StripeState } from './store';

/** Idempotency-Key → the first answer and a digest of the request it answered (24 h in Stripe). */
export type IdempotentAnswers = Map<string, { digest: string; status: number; body: unknown }>;

/** Links in objects point where the API was reached (the server's public address in Murmur). */
function base(request: FastifyRequest): string {
  const prefix = request.url.slice(0, request.url.indexOf('/v1/'));
  return `${request.protocol}://${request.host}${prefix}`;
}

/**
 * Stripe's REST API (v1) under the prefix it is registered at: the secret key checked on every
 * request, idempotent POSTs, customers, products and prices, Checkout Sessions, subscriptions,
 * invoices, events and the stand-in's clock.
 */
export function registerStripeApi(
  api: FastifyInstance,
  { state, secretKey, idempotent }: { state: StripeState; secretKey: string; idempotent: IdempotentAnswers },
): void {
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
}
