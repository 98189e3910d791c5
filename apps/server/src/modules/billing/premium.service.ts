import { randomBytes } from 'node:crypto';
import type {
  BillingCurrency,
  CheckoutResponse,
  Detail,
  PremiumSubscription,
  Referral,
} from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import { BadRequest, Conflict } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { ReferralCredit } from './billing-webhooks';
import type { BillingRepository } from './billing.repository';
import { amountIn, presentCurrent, presentInvoice, presentPlan } from './plans';
import type { Provider } from './provider';

export type PremiumService = ReturnType<typeof createPremiumService>;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => [...randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

interface PremiumDeps {
  repo: BillingRepository;
  provider: Provider;
  clock: Clock;
  /** Where the premium suite is reached (its success and cancel pages). */
  premiumUrl: string;
}

/**
 * The premium suite's own subscription (SPEC §7 Deep Thought subscription info, create, cancel)
 * and its referral: a code that credits the referrer one month of Premium, in the referee's
 * currency, when the referee's first paid invoice arrives (docs/billing.md).
 */
export function createPremiumService(deps: PremiumDeps) {
  const { repo, provider, clock, premiumUrl } = deps;

  async function currencyOf(user: UserRow): Promise<BillingCurrency> {
    const customer = await repo.customer({ userId: user.id });
    if (customer) return customer.currency === 'jpy' ? 'jpy' : 'eur';
    return user.language === 'ja' ? 'jpy' : 'eur';
  }

  async function info(user: UserRow): Promise<PremiumSubscription> {
    const rows = await repo.premiumSubscriptions(user.id);
    const latest = rows[0];
    const plan = latest ? await repo.plan(latest.planCode) : undefined;
    return {
      active: latest?.active ?? false,
      currency: await currencyOf(user),
      subscription: latest && plan ? presentCurrent(latest, plan) : null,
      plans: (await repo.plans('premium')).map(presentPlan),
      invoices: (await repo.invoices({ userId: user.id })).map(presentInvoice),
    };
  }

  async function activeRow(user: UserRow) {
    const latest = (await repo.premiumSubscriptions(user.id))[0];
    if (!latest?.active) throw new Conflict('There is no active premium subscription.');
    return latest;
  }

  return {
    info,
    ...createReferrals(deps),

    async create(
      user: UserRow,
      input: { plan: string; currency?: BillingCurrency | undefined },
    ): Promise<CheckoutResponse> {
      const plan = await repo.plan(input.plan);
      if (!plan || plan.kind !== 'premium')
        throw new BadRequest({ plan: ['Choose one of the premium plans.'] });
      if ((await repo.premiumSubscriptions(user.id))[0]?.active)
        throw new Conflict('You already have an active premium subscription.');
      const existing = await repo.customer({ userId: user.id });
      const currency = existing?.currency ?? input.currency ?? (await currencyOf(user));
      const customer =
        existing ??
        (await provider.customer(
          { userId: user.id },
          { name: `${user.firstName} ${user.lastName}`.trim() || null, email: user.email, country: null },
          currency,
        ));
      const price = await provider.priceId(plan, currency);
      const minute = Math.floor(clock.now().getTime() / 60_000);
      const session = await provider.call(() =>
        provider.stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: customer.stripeCustomerId,
            line_items: [{ price, quantity: 1 }],
            success_url: `${premiumUrl}/create-subscription/success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${premiumUrl}/create-subscription/cancel`,
            client_reference_id: `user-${user.id}`,
            locale: user.language === 'ja' ? 'ja' : 'en',
            metadata: { user_id: String(user.id), plan: plan.code },
            subscription_data: { metadata: { user_id: String(user.id), plan: plan.code } },
          },
          { idempotencyKey: `checkout:user:${user.id}:${plan.code}:${minute}` },
        ),
      );
      return { id: session.id, url: session.url ?? '' };
    },

    /** auto_renew false ends the subscription with its period; true takes that back. */
    async patch(user: UserRow, input: { auto_renew: boolean }): Promise<PremiumSubscription> {
      const row = await activeRow(user);
      await provider.call(() =>
        provider.stripe.subscriptions.update(
          row.stripeSubscriptionId,
          { cancel_at_period_end: !input.auto_renew },
          {
            idempotencyKey: `premium-renew:${row.stripeSubscriptionId}:${input.auto_renew}:${clock.now().getTime()}`,
          },
        ),
      );
      return info(user);
    },

    async cancel(user: UserRow): Promise<Detail> {
      const row = await activeRow(user);
      const sub = await provider.call(() =>
        provider.stripe.subscriptions.update(
          row.stripeSubscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey: `premium-cancel:${row.stripeSubscriptionId}` },
        ),
      );
      const end = sub.items.data[0]?.current_period_end;
      return {
        detail: end
          ? `Premium ends on ${new Date(end * 1000).toISOString().slice(0, 10)}; it stays active until then.`
          : 'Premium ends at the end of its period.',
      };
    },
  };
}

/** The premium referral: each user's code, applying one, and the referrer's credit (docs/billing.md "Referral"). */
function createReferrals(deps: PremiumDeps) {
  const { repo, provider, clock, premiumUrl } = deps;

  async function ensureCode(userId: number): Promise<string> {
    const existing = await repo.referralCode(userId);
    if (existing) return existing.code;
    for (let attempt = 0; attempt < 5; attempt++)
      if (await repo.insertReferralCode(userId, newCode(), clock.now()))
        return (await repo.referralCode(userId))!.code;
    // Five collisions in a 32^8 space: another request made this user's code meanwhile.
    return (await repo.referralCode(userId))!.code;
  }

  async function referral(user: UserRow): Promise<Referral> {
    const code = await ensureCode(user.id);
    const referred = await repo.referralsBy(user.id);
    const mine = await repo.referralOf(user.id);
    const referrer = mine ? await repo.referralCode(mine.referrerUserId) : undefined;
    const credited = referred.filter((r) => r.creditedAt);
    return {
      code,
      url: `${premiumUrl}/premium?ref=${code}`,
      referred: referred.length,
      credited: credited.length,
      credits: credited.map((r) => ({ amount: r.creditAmount ?? 0, currency: r.creditCurrency ?? 'eur' })),
      referred_by: referrer?.code ?? null,
    };
  }

  return {
    referral,

    /** A code is applied before the first paid premium invoice, once, and never one's own. */
    async applyReferral(user: UserRow, input: { code: string }): Promise<Referral> {
      const owner = await repo.referralCodeByCode(input.code);
      if (!owner) throw new BadRequest({ code: ['This referral code does not exist.'] });
      if (owner.userId === user.id)
        throw new BadRequest({ code: ['You cannot use your own referral code.'] });
      if ((await repo.paidInvoiceCount({ userId: user.id })) > 0)
        throw new BadRequest({
          code: ['A referral code can only be applied before the first paid subscription.'],
        });
      if (!(await repo.insertReferral(user.id, owner.userId, clock.now())))
        throw new Conflict('A referral code is already applied to your account.');
      return referral(user);
    },

    /** Called by the webhook after the referee's first paid invoice commits: one month of Premium. */
    async creditReferrer(credit: ReferralCredit): Promise<void> {
      const month = await repo.plan('premium-month');
      if (!month) return;
      const amount = amountIn(month, credit.currency);
      const marked = await repo.creditReferral(credit.refereeUserId, {
        invoiceId: credit.invoiceId,
        amount,
        currency: credit.currency,
        now: clock.now(),
      });
      if (!marked) return;
      // The credit is taken off the referrer's next invoice when they pay in the same currency.
      const customer = await repo.customer({ userId: credit.referrerUserId });
      if (customer?.currency === credit.currency)
        await provider.call(() =>
          provider.stripe.customers.createBalanceTransaction(
            customer.stripeCustomerId,
            { amount: -amount, currency: credit.currency, description: 'Referral credit' },
            { idempotencyKey: `referral:${credit.refereeUserId}` },
          ),
        );
    },
  };
}
