import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelBodySchema,
  checkoutBodySchema,
  checkoutResponseSchema,
  detailSchema,
  plansResponseSchema,
  publicKeySchema,
  teamBillingQuerySchema,
  teamBillingSchema,
  upgradeBodySchema,
  webhookReceivedSchema,
} from '@murmur/core/api';
import { ServiceUnavailable } from '../../errors';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { BillingWebhooks } from './billing-webhooks';
import type { BillingService } from './billing.service';

/** A webhook body up to 1 MB, kept as the exact text the signature covers. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const billingRoutes: FastifyPluginCallbackZod<{
  billingService: BillingService;
  webhooks: BillingWebhooks;
  /** Publishable key; billing answers 503 when the server has no payment account (production without keys). */
  publicKey: string;
  enabled: boolean;
}> = (app, { billingService, webhooks, publicKey, enabled }, done) => {
  const tags = ['billing'];
  const available = () => {
    if (!enabled) throw new ServiceUnavailable('Billing is not configured on this server.');
  };

  app.get(
    '/api/customer/subscriptions/plans/',
    {
      schema: {
        tags,
        summary: 'Every plan with its prices in euro cents and yen (public)',
        response: { 200: plansResponseSchema },
      },
    },
    () => billingService.plans(),
  );

  app.get(
    '/api/customer/subscriptions/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "A team's plan, subscription, invoices, usage and upload permission (members)",
        querystring: teamBillingQuerySchema,
        response: { 200: teamBillingSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (request) => billingService.overview(requireUser(request), request.query.team),
  );

  app.get(
    '/api/customer/subscriptions/public_key/',
    {
      schema: {
        tags,
        summary: "The payment provider's publishable key",
        response: { 200: publicKeySchema, ...errorResponses(503) },
      },
    },
    () => {
      available();
      return billingService.publicKey(publicKey);
    },
  );

  app.post(
    '/api/customer/subscriptions/checkout/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Start buying a team plan on the provider's hosted checkout page (team admins)",
        body: checkoutBodySchema,
        response: { 200: checkoutResponseSchema, ...errorResponses(400, 403, 404, 409, 503) },
      },
    },
    (request) => {
      available();
      return billingService.checkout(requireUser(request), request.body);
    },
  );

  app.post(
    '/api/customer/subscriptions/upgrade/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Move to a dearer plan now, the rest of the period prorated (team admins)',
        body: upgradeBodySchema,
        response: { 200: detailSchema, ...errorResponses(400, 403, 404, 409, 503) },
      },
    },
    (request) => {
      available();
      return billingService.upgrade(requireUser(request), request.body);
    },
  );

  app.post(
    '/api/customer/subscriptions/cancel/',
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Cancel at the end of the paid period (team admins)',
        body: cancelBodySchema,
        response: { 200: detailSchema, ...errorResponses(400, 403, 404, 409, 503) },
      },
    },
    (request) => {
      available();
      return billingService.cancel(requireUser(request), request.body);
    },
  );

  // The provider's events: the raw text is what the signature covers, so this route keeps it.
  void app.register((scope, _opts, next) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.post(
      '/api/customer/subscriptions/webhook/',
      {
        schema: {
          tags,
          summary: 'Payment provider events (Stripe-Signature verified; 400 and no change otherwise)',
          body: z.string().max(WEBHOOK_BODY_LIMIT),
          response: { 200: webhookReceivedSchema, ...errorResponses(400, 503) },
        },
      },
      async (request) => {
        available();
        const signature = request.headers['stripe-signature'];
        const body = typeof request.body === 'string' ? request.body : '';
        await webhooks.receive(body, typeof signature === 'string' ? signature : undefined);
        return { received: true };
      },
    );
    next();
  });
  done();
};
