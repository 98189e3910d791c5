import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  applyReferralSchema,
  checkoutResponseSchema,
  createPremiumSubscriptionSchema,
  detailSchema,
  patchPremiumSubscriptionSchema,
  premiumSubscriptionSchema,
  referralSchema,
} from '@murmur/core/api';
import { ServiceUnavailable } from '../../errors';
import { errorResponses } from '../../lib/http';
import { requireUser } from '../../plugins/auth';
import type { PremiumService } from './premium.service';

/** SPEC §7 Deep Thought: subscription info (GET, PATCH), create and cancel subscription, referral. */
export const premiumRoutes: FastifyPluginCallbackZod<{ premiumService: PremiumService; enabled: boolean }> = (
  app,
  { premiumService, enabled },
  done,
) => {
  const tags = ['deepthought', 'billing'];
  const available = () => {
    if (!enabled) throw new ServiceUnavailable('Billing is not configured on this server.');
  };
  const base = '/api/external/deepthought';

  app.get(
    `${base}/subscription/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The user's premium subscription, plans and invoices",
        response: { 200: premiumSubscriptionSchema, ...errorResponses(403) },
      },
    },
    (request) => premiumService.info(requireUser(request)),
  );

  app.patch(
    `${base}/subscription/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Turn renewal off (ends with the period) or back on',
        body: patchPremiumSubscriptionSchema,
        response: { 200: premiumSubscriptionSchema, ...errorResponses(400, 403, 409, 503) },
      },
    },
    (request) => {
      available();
      return premiumService.patch(requireUser(request), request.body);
    },
  );

  app.post(
    `${base}/subscription/create/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "Start buying Premium on the provider's hosted checkout page",
        body: createPremiumSubscriptionSchema,
        response: { 200: checkoutResponseSchema, ...errorResponses(400, 403, 409, 503) },
      },
    },
    (request) => {
      available();
      return premiumService.create(requireUser(request), request.body);
    },
  );

  app.post(
    `${base}/subscription/cancel/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Cancel Premium at the end of the paid period',
        response: { 200: detailSchema, ...errorResponses(403, 409, 503) },
      },
    },
    (request) => {
      available();
      return premiumService.cancel(requireUser(request));
    },
  );

  app.get(
    `${base}/referral/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: "The user's referral code and the credits it earned",
        response: { 200: referralSchema, ...errorResponses(403) },
      },
    },
    (request) => premiumService.referral(requireUser(request)),
  );

  app.post(
    `${base}/referral/`,
    {
      schema: {
        tags,
        summary: "Apply someone's referral code (before the first paid subscription)",
        body: applyReferralSchema,
        response: { 200: referralSchema, ...errorResponses(400, 403, 409) },
      },
    },
    (request) => premiumService.applyReferral(requireUser(request), request.body),
  );
  done();
};
