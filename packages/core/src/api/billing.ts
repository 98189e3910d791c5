import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Billing (SPEC §7 /api/customer/subscriptions/…, the premium suite's subscription and referral):
 * plans with prices in euro cents and yen, a team's subscription, invoices. Amounts are in the
 * currency's smallest unit (cents; yen have none). docs/billing.md has the plans.
 */
export const planIntervalSchema = z.enum(['month', 'year']);
export type PlanInterval = z.infer<typeof planIntervalSchema>;
export const billingCurrencySchema = z.enum(['eur', 'jpy']);
export type BillingCurrency = z.infer<typeof billingCurrencySchema>;

export const planSchema = z.object({
  code: z.string(),
  /** SPEC §3 plan.name: Starter, Pro, Enterprise, Premium. */
  name: z.string(),
  kind: z.enum(['team', 'premium']),
  tier: z.number().int(),
  interval: planIntervalSchema,
  prices: z.object({ eur: z.number().int(), jpy: z.number().int() }),
  /** null: unlimited. */
  limits: z.object({
    uploads_per_month: z.number().int().nullable(),
    saved_audiences: z.number().int().nullable(),
    seats: z.number().int().nullable(),
  }),
});
export type Plan = z.infer<typeof planSchema>;

const planCode = z.string().trim().min(1).max(40);
const teamRef = z.string().trim().min(1).max(100).describe('The team slug or its numeric id');

export const plansResponseSchema = z.object({ plans: z.array(planSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const teamBillingQuerySchema = z.object({ team: teamRef });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created: isoDateTime,
  currency: z.string(),
  amount_paid: z.number().int(),
  total: z.number().int(),
  billing_reason: z.string().nullable(),
  period_start: isoDateTime.nullable(),
  period_end: isoDateTime.nullable(),
  hosted_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const currentSubscriptionSchema = z.object({
  id: z.string(),
  plan: planSchema,
  status: z.string(),
  active: z.boolean(),
  start: isoDateTime,
  current_period_end: isoDateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  currency: z.string(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;

export const uploadPermissionSchema = z.object({
  allowed: z.boolean(),
  /** Why not, in SPEC §5's words when there is no active subscription. */
  reason: z.string().nullable(),
});
export type UploadPermission = z.infer<typeof uploadPermissionSchema>;

export const teamBillingSchema = z.object({
  team: z.object({ id: z.number().int(), slug: z.string() }),
  /** jpy for a team whose country is Japan, else eur. */
  currency: billingCurrencySchema,
  /** SPEC §6: invoice_email, country and invoice_name all set. */
  billing_complete: z.boolean(),
  /** SPEC §6: the latest-started subscription is active. */
  active: z.boolean(),
  enterprise: z.boolean(),
  subscription: currentSubscriptionSchema.nullable(),
  plans: z.array(planSchema),
  invoices: z.array(invoiceSchema),
  usage: z.object({
    uploads_this_month: z.number().int(),
    saved_audiences: z.number().int(),
    seats: z.number().int(),
  }),
  can_upload: uploadPermissionSchema,
  /** Whether the caller may buy, change or cancel (team admins, SPEC §6). */
  can_manage: z.boolean(),
});
export type TeamBilling = z.infer<typeof teamBillingSchema>;

export const checkoutBodySchema = z.object({ team: teamRef, plan: planCode });
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
export const checkoutResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
export const upgradeBodySchema = z.object({ team: teamRef, plan: planCode });
export type UpgradeBody = z.input<typeof upgradeBodySchema>;
export const cancelBodySchema = z.object({ team: teamRef });
export type CancelBody = z.input<typeof cancelBodySchema>;
export const publicKeySchema = z.object({ public_key: z.string() });
export type PublicKey = z.infer<typeof publicKeySchema>;
export const webhookReceivedSchema = z.object({ received: z.boolean() });

// ── the premium suite (Deep Thought): a user's own subscription ────────────────────────────────

export const premiumSubscriptionSchema = z.object({
  active: z.boolean(),
  currency: billingCurrencySchema,
  subscription: currentSubscriptionSchema.nullable(),
  plans: z.array(planSchema),
  invoices: z.array(invoiceSchema),
});
export type PremiumSubscription = z.infer<typeof premiumSubscriptionSchema>;
export const patchPremiumSubscriptionSchema = z.object({
  /** false: ends at the period's end; true: renews again. */
  auto_renew: z.boolean(),
});
export type PatchPremiumSubscription = z.input<typeof patchPremiumSubscriptionSchema>;
export const createPremiumSubscriptionSchema = z.object({
  plan: planCode,
  currency: billingCurrencySchema.optional(),
});
export type CreatePremiumSubscription = z.input<typeof createPremiumSubscriptionSchema>;

export const referralSchema = z.object({
  code: z.string(),
  /** The premium page with the code, to share. */
  url: z.string(),
  referred: z.number().int(),
  credited: z.number().int(),
  credits: z.array(z.object({ amount: z.number().int(), currency: z.string() })),
  /** The code this user applied, if any. */
  referred_by: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;
export const applyReferralSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{6,12}$/, { error: 'Enter a referral code of 6 to 12 letters and digits' }),
});
export type ApplyReferral = z.input<typeof applyReferralSchema>;
