import { invalid, missing, required, StripeApiError } from './errors';
import { int, list, metadata, obj, str, type FormObject } from './form';
import type { CheckoutSession, Interval, StripeList } from './types';
import { newId, type StoredSession } from './state-core';
import { StripeSubscriptions } from './subscriptions';

export { newId, STRIPE_API_VERSION, type StoredSession } from './state-core';

/** Checkout Sessions expire after 24 hours, as Stripe's do by default. */
const SESSION_SECONDS = 24 * 60 * 60;

/**
 * The stand-in's state and every rule it applies: one object per Stripe account (the secret key).
 * Time is `now()` (Unix seconds, the sandbox's simulated clock) plus what `advance` added; renewals
 * and cancellations at period end happen when that time passes a period's end, each announced by
 * the events Stripe sends for it. The rules sit in layers, one concern a file: state-core.ts
 * (records, clock, events) → customers-prices.ts → invoicing.ts → subscriptions.ts → checkout here.
 */
export class StripeState extends StripeSubscriptions {
  /** Moves the stand-in's clock forward and runs whatever falls due (renewals, period-end cancels). */
  advance(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 5 * 366 * 24 * 3600)
      throw invalid('seconds', 'seconds must be a whole number from 0 to five years.');
    this.offset += seconds;
    this.runDue();
  }

  // ── checkout ────────────────────────────────────────────────────────────────────────────────

  createCheckoutSession(p: FormObject): StoredSession {
    if (str(p.mode) !== 'subscription')
      throw invalid('mode', 'The stand-in offers Checkout in subscription mode only.');
    const successUrl = str(p.success_url);
    if (!successUrl || !URL.canParse(successUrl)) throw invalid('success_url', 'Not a valid URL');
    const cancelUrl = str(p.cancel_url);
    if (cancelUrl !== undefined && !URL.canParse(cancelUrl)) throw invalid('cancel_url', 'Not a valid URL');
    const items = list(p.line_items) ?? [];
    if (items.length !== 1) throw invalid('line_items', 'Give exactly one line item.');
    const item = obj(items[0]);
    const priceId = str(item?.price);
    if (!priceId) throw required('line_items[0][price]');
    const price = this.price(priceId, 'line_items[0][price]');
    const quantity = int(item?.quantity) ?? 1;
    if (quantity !== 1) throw invalid('line_items[0][quantity]', 'Quantity must be 1.');
    const customer = str(p.customer);
    if (customer) this.customer(customer);
    const now = this.now();
    const id = newId('cs_test', 58);
    const session: StoredSession = {
      id,
      object: 'checkout.session',
      created: now,
      expires_at: now + SESSION_SECONDS,
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${this.baseUrl}/c/pay/${id}`,
      success_url: successUrl,
      cancel_url: cancelUrl ?? null,
      customer: customer ?? null,
      customer_email: str(p.customer_email) ?? null,
      client_reference_id: str(p.client_reference_id) ?? null,
      currency: price.currency,
      amount_total: price.unit_amount,
      locale: str(p.locale) ?? null,
      metadata: metadata(p.metadata),
      subscription: null,
      invoice: null,
      livemode: false,
      line: { price: price.id, quantity },
      // subscription_data[metadata] goes onto the subscription the session creates.
      subscriptionMetadata: metadata(obj(p.subscription_data)?.metadata),
    };
    this.sessions.set(id, session);
    return session;
  }

  session(id: string): StoredSession {
    const s = this.sessions.get(id);
    if (!s) throw missing('checkout.session', id, 'session');
    if (s.status === 'open' && s.expires_at <= this.now()) {
      s.status = 'expired';
      s.url = null;
      this.emit('checkout.session.expired', publicSession(s), {});
    }
    return s;
  }

  /**
   * Pays an open session with a card from the hosted page: the subscription starts now, its first
   * invoice is paid, and the events follow in Stripe's order. Nothing is created when it fails.
   */
  completeCheckout(id: string, email: string | null): StoredSession {
    const s = this.session(id);
    if (s.status !== 'open') throw invalid('session', 'This Checkout Session is no longer open.');
    const price = this.price(s.line.price);
    const customer = s.customer
      ? this.customer(s.customer)
      : this.createCustomer({ ...(email && { email }) });
    s.customer = customer.id;
    const sub = this.startSubscription(customer, price, s.subscriptionMetadata);
    const invoice = this.invoiceFor(sub, 'subscription_create', [
      this.fullLine(price, sub.items.data[0]!.current_period_start, sub.items.data[0]!.current_period_end),
    ]);
    sub.latest_invoice = invoice.id;
    s.status = 'complete';
    s.payment_status = 'paid';
    s.subscription = sub.id;
    s.invoice = invoice.id;
    s.url = null;
    this.emit('customer.subscription.created', sub, {});
    this.emit('invoice.paid', invoice, {});
    this.emit('checkout.session.completed', publicSession(s), {});
    return s;
  }
}

/** A session as the API shows it (the line item is not a field of Stripe's object). */
export function publicSession(s: StoredSession): CheckoutSession {
  const { line: _line, subscriptionMetadata: _meta, ...rest } = s;
  return rest;
}

/** Stripe's list envelope with `limit` (1–100, default 10) and `starting_after` cursors. */
export function listOf<T extends { id: string }>(items: T[], url: string, q: FormObject): StripeList<T> {
  const limit = int(q.limit) ?? 10;
  if (limit < 1 || limit > 100) throw invalid('limit', 'limit must be between 1 and 100.');
  let start = 0;
  const after = str(q.starting_after);
  if (after) {
    const index = items.findIndex((x) => x.id === after);
    if (index < 0) throw missing('object', after, 'starting_after');
    start = index + 1;
  }
  const data = items.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < items.length, url };
}

export { StripeApiError };
export type { Interval };
