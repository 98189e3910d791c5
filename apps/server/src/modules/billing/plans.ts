import type { BillingCurrency, CurrentSubscription, Invoice, Plan, Subscription } from '@murmur/core/api';
import { normaliseCountry } from '@murmur/core/countries';
import type { InvoiceRow, PlanRow, PremiumSubscriptionRow, TeamSubscriptionRow } from './billing.repository';

/** SPEC §5's refusal, word for word. */
export const UPLOAD_NEEDS_SUBSCRIPTION = 'You need an active subscription to upload audiences to X.';

/**
 * Prices are in yen for teams in Japan, in euro for everyone else (docs/billing.md). Before a team
 * names its billing country, the reader's language stands in for it, so a Japanese team is not
 * shown euro prices it will never pay.
 */
export const currencyForCountry = (
  country: string | null | undefined,
  language?: string | null,
): BillingCurrency => {
  if (!country) return language === 'ja' ? 'jpy' : 'eur';
  return normaliseCountry(country)?.code === 'JP' ? 'jpy' : 'eur';
};

export function presentPlan(row: PlanRow): Plan {
  return {
    code: row.code,
    name: row.name,
    kind: row.kind === 'premium' ? 'premium' : 'team',
    tier: row.tier,
    interval: row.interval === 'year' ? 'year' : 'month',
    prices: { eur: row.amountEur, jpy: row.amountJpy },
    limits: {
      uploads_per_month: row.uploadsPerMonth,
      saved_audiences: row.savedAudiences,
      seats: row.seats,
    },
  };
}

export const amountIn = (plan: PlanRow, currency: string): number =>
  currency === 'jpy' ? plan.amountJpy : plan.amountEur;

/** What a plan costs a month, to tell an upgrade from a downgrade across intervals. */
export const monthlyAmount = (plan: PlanRow, currency: string): number =>
  amountIn(plan, currency) / (plan.interval === 'year' ? 12 : 1);

/** The price's lookup key at the provider: one price per plan and currency. */
export const lookupKey = (code: string, currency: string) => `murmur-${code}-${currency}`;
export const planCodeOfLookupKey = (key: string | null | undefined): string | undefined =>
  key?.match(/^murmur-(.+)-(eur|jpy)$/)?.[1];

/** SPEC §3 team.subscriptions entry. */
export const asTeamSubscription = (row: TeamSubscriptionRow): Subscription => ({
  start: row.start.toISOString(),
  active: row.active,
  plan: { name: row.planName },
});

export function presentCurrent(
  row: TeamSubscriptionRow | PremiumSubscriptionRow,
  plan: PlanRow,
): CurrentSubscription {
  return {
    id: row.stripeSubscriptionId ?? `local-${row.id}`,
    plan: presentPlan(plan),
    status: row.status ?? (row.active ? 'active' : 'canceled'),
    active: row.active,
    start: row.start.toISOString(),
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    currency: row.currency ?? 'eur',
  };
}

export const presentInvoice = (row: InvoiceRow): Invoice => ({
  id: row.stripeInvoiceId,
  number: row.number,
  created: row.created.toISOString(),
  currency: row.currency,
  amount_paid: row.amountPaid,
  total: row.total,
  billing_reason: row.billingReason,
  period_start: row.periodStart?.toISOString() ?? null,
  period_end: row.periodEnd?.toISOString() ?? null,
  hosted_url: row.hostedUrl,
  pdf_url: row.pdfUrl,
});

/** First day of the month (UTC) of `now`: upload allowances count from there. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
