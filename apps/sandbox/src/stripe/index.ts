import type { FastifyPluginAsync } from 'fastify';
import { registerStripeApi, type IdempotentAnswers } from './api-routes';
import { StripeApiError } from './errors';
import { parseStripeForm } from './form';
import { registerStripePages } from './pages';
import { StripeState } from './store';
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
  const idempotent: IdempotentAnswers = new Map();

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

    // Fastify plugins may be synchronous functions returning a promise; this one has nothing to await.
    await app.register(
      (api) => {
        registerStripeApi(api, { state, secretKey, idempotent });
        return Promise.resolve();
      },
      { prefix: '/v1' },
    );
    registerStripePages(app, state);
  };

  return { plugin, state, webhooks };
}
