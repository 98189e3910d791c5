import {
  checkoutResponseSchema,
  detailSchema,
  plansResponseSchema,
  premiumSubscriptionSchema,
  publicKeySchema,
  referralSchema,
  teamBillingSchema,
} from '../api';

/** Response schemas of the billing routes (modules/billing), spread into API_ROUTE_RESPONSES. */
export const BILLING_ROUTE_RESPONSES = {
  'GET /api/customer/subscriptions/plans/': plansResponseSchema,
  'GET /api/customer/subscriptions/': teamBillingSchema,
  'GET /api/customer/subscriptions/public_key/': publicKeySchema,
  'POST /api/customer/subscriptions/checkout/': checkoutResponseSchema,
  'POST /api/customer/subscriptions/upgrade/': detailSchema,
  'POST /api/customer/subscriptions/cancel/': detailSchema,
  'GET /api/external/deepthought/subscription/': premiumSubscriptionSchema,
  'PATCH /api/external/deepthought/subscription/': premiumSubscriptionSchema,
  'POST /api/external/deepthought/subscription/create/': checkoutResponseSchema,
  'POST /api/external/deepthought/subscription/cancel/': detailSchema,
  'GET /api/external/deepthought/referral/': referralSchema,
  'POST /api/external/deepthought/referral/': referralSchema,
};
