import type Stripe from 'stripe';
import { BadRequest } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { BillingRepository, Owner, SubscriptionState } from './billing.repository';
import { planCodeOfLookupKey } from './plans';

export type BillingWebhooks = ReturnType<typeof createBillingWebhooks>;

/** What one event did, for the log and the tests. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/** A paid premium invoice whose referee has a referrer to credit (done after the commit). */
export interface ReferralCredit {
  refereeUserId: number;
  referrerUserId: number;
  invoiceId: string;
  currency: string;
}

/**
 * Webhooks are the only writer of subscription state. Each event is verified with the endpoint
 * secret (a bad signature is a 400 and changes nothing), applied once by event id (a redelivery is
 * a no-op), and a subscription event older than the state already held (its `created` time) is
 * skipped, so events arriving out of order leave the latest state. A canceled subscription never
 * comes back (Stripe never reactivates one), whatever order its events arrive in.
 */
export function createBillingWebhooks(deps: {
  stripe: Stripe;
  webhookSecret: string;
  clock: Clock;
  inTransaction: <T>(work: (repo: BillingRepository) => Promise<T>) => Promise<T>;
  onReferralCredit?: (credit: ReferralCredit) => Promise<void>;
}) {
  const { stripe, webhookSecret, clock, inTransaction } = deps;

  function verify(payload: string, signature: string | undefined): Stripe.Event {
    if (!signature || !webhookSecret)
      throw new BadRequest({ non_field_errors: ['Missing webhook signature.'] });
    try {
      return stripe.webhooks.constructEvent(payload, signature, webhookSecret);
    } catch {
      throw new BadRequest({ non_field_errors: ['Invalid webhook signature.'] });
    }
  }

  /** The team or user a provider object belongs to: its metadata, else its customer's row. */
  async function ownerOf(
    repo: BillingRepository,
    metadata: Stripe.Metadata | null | undefined,
    customer: string | { id: string } | null,
  ): Promise<Owner | undefined> {
    const teamId = Number(metadata?.team_id);
    if (Number.isSafeInteger(teamId) && teamId > 0) return { teamId };
    const userId = Number(metadata?.user_id);
    if (Number.isSafeInteger(userId) && userId > 0) return { userId };
    const id = typeof customer === 'string' ? customer : customer?.id;
    const row = id ? await repo.customerByStripeId(id) : undefined;
    if (row?.teamId) return { teamId: row.teamId };
    if (row?.userId) return { userId: row.userId };
    return undefined;
  }

  async function applySubscription(
    repo: BillingRepository,
    sub: Stripe.Subscription,
    at: Date,
  ): Promise<WebhookOutcome> {
    const owner = await ownerOf(repo, sub.metadata, sub.customer);
    if (!owner) return 'ignored';
    const item = sub.items.data[0];
    const code = planCodeOfLookupKey(item?.price.lookup_key) ?? sub.metadata?.plan;
    const plan = code ? await repo.plan(code) : undefined;
    if (!plan) return 'ignored';
    const state: SubscriptionState = {
      stripeSubscriptionId: sub.id,
      start: new Date(sub.start_date * 1000),
      // past_due keeps the service while the provider retries the card.
      active: sub.status === 'active' || sub.status === 'trialing' || sub.status === 'past_due',
      status: sub.status,
      planCode: plan.code,
      planName: plan.name,
      currency: sub.currency,
      currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      stateAt: at,
    };
    const held =
      'teamId' in owner ? await repo.teamSubscription(sub.id) : await repo.premiumSubscription(sub.id);
    if (held) {
      if (held.status === 'canceled' && state.status !== 'canceled') return 'stale';
      if (held.stateAt && held.stateAt > at && state.status !== 'canceled') return 'stale';
    }
    if ('teamId' in owner) await repo.saveTeamSubscription(owner.teamId, state);
    else await repo.savePremiumSubscription(owner.userId, state);
    return 'applied';
  }

  async function applyInvoice(
    repo: BillingRepository,
    invoice: Stripe.Invoice,
  ): Promise<{ outcome: WebhookOutcome; credit?: ReferralCredit }> {
    const details = invoice.parent?.subscription_details;
    const owner = await ownerOf(repo, details?.metadata, invoice.customer);
    if (!owner || !invoice.id) return { outcome: 'ignored' };
    const subscription =
      typeof details?.subscription === 'string' ? details.subscription : details?.subscription?.id;
    const inserted = await repo.insertInvoice({
      stripeInvoiceId: invoice.id,
      teamId: 'teamId' in owner ? owner.teamId : null,
      userId: 'userId' in owner ? owner.userId : null,
      stripeSubscriptionId: subscription ?? null,
      number: invoice.number,
      currency: invoice.currency,
      amountPaid: invoice.amount_paid,
      total: invoice.total,
      billingReason: invoice.billing_reason,
      created: new Date(invoice.created * 1000),
      periodStart: new Date(invoice.period_start * 1000),
      periodEnd: new Date(invoice.period_end * 1000),
      hostedUrl: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
    });
    if (!inserted) return { outcome: 'duplicate' };
    // Referral: the referee's first paid invoice credits the referrer, once.
    if ('userId' in owner && invoice.amount_paid > 0 && (await repo.paidInvoiceCount(owner)) === 1) {
      const referral = await repo.referralOf(owner.userId);
      if (referral && !referral.creditedAt)
        return {
          outcome: 'applied',
          credit: {
            refereeUserId: owner.userId,
            referrerUserId: referral.referrerUserId,
            invoiceId: invoice.id,
            currency: invoice.currency,
          },
        };
    }
    return { outcome: 'applied' };
  }

  return {
    /**
     * Verifies and applies one delivery. @throws BadRequest (400) when the signature does not verify.
     */
    async receive(payload: string, signature: string | undefined): Promise<WebhookOutcome> {
      const event = verify(payload, signature);
      const at = new Date(event.created * 1000);
      let credit: ReferralCredit | undefined;
      const outcome = await inTransaction(async (repo) => {
        if (!(await repo.recordEvent(event.id, event.type, at, clock.now()))) return 'duplicate' as const;
        if (
          event.type === 'customer.subscription.created' ||
          event.type === 'customer.subscription.updated' ||
          event.type === 'customer.subscription.deleted'
        )
          return applySubscription(repo, event.data.object, at);
        if (event.type === 'invoice.paid') {
          const applied = await applyInvoice(repo, event.data.object);
          credit = applied.credit;
          return applied.outcome;
        }
        // Everything else (checkout.session.completed included) carries no state of ours.
        return 'ignored' as const;
      });
      if (credit) await deps.onReferralCredit?.(credit);
      return outcome;
    },
  };
}
