import type { z } from 'zod';
import type {
  ApplyReferral,
  CancelBody,
  CheckoutBody,
  CheckoutResponse,
  CreatePremiumSubscription,
  PatchPremiumSubscription,
  PlansResponse,
  PremiumSubscription,
  PublicKey,
  Referral,
  TeamBilling,
  teamBillingQuerySchema,
  UpgradeBody,
} from './billing';
import type { Detail } from './common';

type Query<S extends z.ZodType> = Partial<z.output<S>>;

/** Billing routes the web app calls (modules/billing). */
export interface BillingRoutes {
  'GET /api/customer/subscriptions/plans/': { response: PlansResponse };
  'GET /api/customer/subscriptions/': { query: Query<typeof teamBillingQuerySchema>; response: TeamBilling };
  'GET /api/customer/subscriptions/public_key/': { response: PublicKey };
  'POST /api/customer/subscriptions/checkout/': { body: CheckoutBody; response: CheckoutResponse };
  'POST /api/customer/subscriptions/upgrade/': { body: UpgradeBody; response: Detail };
  'POST /api/customer/subscriptions/cancel/': { body: CancelBody; response: Detail };
  'GET /api/external/deepthought/subscription/': { response: PremiumSubscription };
  'PATCH /api/external/deepthought/subscription/': {
    body: PatchPremiumSubscription;
    response: PremiumSubscription;
  };
  'POST /api/external/deepthought/subscription/create/': {
    body: CreatePremiumSubscription;
    response: CheckoutResponse;
  };
  'POST /api/external/deepthought/subscription/cancel/': { response: Detail };
  'GET /api/external/deepthought/referral/': { response: Referral };
  'POST /api/external/deepthought/referral/': { body: ApplyReferral; response: Referral };
}
