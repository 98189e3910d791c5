import Stripe from 'stripe';
import { ServiceUnavailable } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { BillingRepository, Owner, PlanRow } from './billing.repository';
import { amountIn, lookupKey } from './plans';

export type Provider = ReturnType<typeof createProvider>;

/** Who the invoices are addressed to (a team's billing details, or a premium user). */
export interface BillTo {
  name: string | null;
  email: string | null;
  country: string | null;
}

/**
 * The provider calls the billing services make, each with an idempotency key (a retry or a
 * double click cannot create two customers or prices), and provider failures as a 503.
 */
export function createProvider(deps: { stripe: Stripe; repo: BillingRepository; clock: Clock }) {
  const { stripe, repo, clock } = deps;
  const prices = new Map<string, string>();

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError)
        throw new ServiceUnavailable('The payment provider could not be reached. Please try again later.');
      throw error;
    }
  }

  return {
    stripe,
    call,

    /** The provider's price of a plan in a currency, found by lookup key or created once. */
    async priceId(plan: PlanRow, currency: string): Promise<string> {
      const key = lookupKey(plan.code, currency);
      const known = prices.get(key);
      if (known) return known;
      const id = await call(async () => {
        const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
        if (found.data[0]) return found.data[0].id;
        const created = await stripe.prices.create(
          {
            currency,
            unit_amount: amountIn(plan, currency),
            recurring: { interval: plan.interval === 'year' ? 'year' : 'month' },
            lookup_key: key,
            product_data: { name: `${plan.name} (${plan.interval === 'year' ? 'yearly' : 'monthly'})` },
            metadata: { plan: plan.code },
          },
          { idempotencyKey: `price:${key}:${amountIn(plan, currency)}` },
        );
        return created.id;
      });
      prices.set(key, id);
      return id;
    },

    /** The owner's customer at the provider, created on first need in `currency`. */
    async customer(owner: Owner, billTo: BillTo, currency: string) {
      const existing = await repo.customer(owner);
      if (existing) return existing;
      const ownerKey = 'teamId' in owner ? `team:${owner.teamId}` : `user:${owner.userId}`;
      const created = await call(() =>
        stripe.customers.create(
          {
            ...(billTo.name && { name: billTo.name }),
            ...(billTo.email && { email: billTo.email }),
            ...(billTo.country && { address: { country: billTo.country } }),
            metadata:
              'teamId' in owner ? { team_id: String(owner.teamId) } : { user_id: String(owner.userId) },
          },
          { idempotencyKey: `customer:${ownerKey}` },
        ),
      );
      return repo.insertCustomer(owner, created.id, currency, clock.now());
    },
  };
}
