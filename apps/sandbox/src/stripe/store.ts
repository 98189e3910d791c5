import { randomBytes } from 'node:crypto';
import { invalid, missing, required, StripeApiError } from './errors';
import { bool, int, list, metadata, obj, str, type FormObject } from './form';
import { addInterval, prorate } from './periods';
import type {
  CheckoutSession,
  Customer,
  CustomerBalanceTransaction,
  Interval,
  Invoice,
  InvoiceLine,
  Price,
  Product,
  StripeEvent,
  StripeList,
  Subscription,
  SubscriptionItem,
} from './types';

export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Checkout Sessions expire after 24 hours, as Stripe's do by default. */
const SESSION_SECONDS = 24 * 60 * 60;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

const copy = <T>(value: T): T => structuredClone(value);

/** A session with what it will buy, which Stripe keeps out of the session object. */
export type StoredSession = CheckoutSession & {
  line: { price: string; quantity: number };
  subscriptionMetadata: Record<string, string>;
};

/** A line waiting for the subscription's next invoice (proration_behavior=create_prorations). */
interface PendingLine {
  subscription: string;
  line: InvoiceLine;
}

/**
 * The stand-in's state and every rule it applies: one object per Stripe account (the secret key).
 * Time is `now()` (Unix seconds, the sandbox's simulated clock) plus what `advance` added; renewals
 * and cancellations at period end happen when that time passes a period's end, each announced by
 * the events Stripe sends for it.
 */
export class StripeState {
  readonly customers = new Map<string, Customer>();
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly sessions = new Map<string, StoredSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly balanceTransactions = new Map<string, CustomerBalanceTransaction>();
  readonly events: StripeEvent[] = [];
  private pending: PendingLine[] = [];
  private offset = 0;
  private invoiceCount = 0;
  /** Where the hosted pages live (set from the API requests, so links work from where the API is reached). */
  baseUrl = 'http://localhost:4100/stripe';

  constructor(
    private readonly clock: () => number,
    private readonly onEvent: (event: StripeEvent) => void,
  ) {}

  now(): number {
    return this.clock() + this.offset;
  }

  /** Moves the stand-in's clock forward and runs whatever falls due (renewals, period-end cancels). */
  advance(seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 5 * 366 * 24 * 3600)
      throw invalid('seconds', 'seconds must be a whole number from 0 to five years.');
    this.offset += seconds;
    this.runDue();
  }

  // ── events ──────────────────────────────────────────────────────────────────────────────────

  private emit(
    type: string,
    object: object,
    request: { idempotencyKey?: string | undefined },
    previous?: Record<string, unknown>,
  ): void {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: this.now(),
      type,
      data: { object: copy(object), ...(previous && { previous_attributes: copy(previous) }) },
      livemode: false,
      pending_webhooks: 1,
      request: {
        id: request.idempotencyKey ? newId('req', 14) : null,
        idempotency_key: request.idempotencyKey ?? null,
      },
    };
    this.events.push(event);
    this.onEvent(event);
  }

  // ── customers ───────────────────────────────────────────────────────────────────────────────

  createCustomer(p: FormObject): Customer {
    const customer: Customer = {
      id: newId('cus', 14),
      object: 'customer',
      created: this.now(),
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      address: obj(p.address) ? { country: str(obj(p.address)!.country) ?? null } : null,
      balance: 0,
      currency: null,
      metadata: metadata(p.metadata),
      preferred_locales: (list(p.preferred_locales) ?? []).filter((l): l is string => typeof l === 'string'),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  customer(id: string): Customer {
    const c = this.customers.get(id);
    if (!c) throw missing('customer', id);
    return c;
  }

  updateCustomer(id: string, p: FormObject): Customer {
    const c = this.customer(id);
    if (p.email !== undefined) c.email = str(p.email) || null;
    if (p.name !== undefined) c.name = str(p.name) || null;
    if (obj(p.address)) c.address = { country: str(obj(p.address)!.country) ?? null };
    if (p.metadata !== undefined) c.metadata = { ...c.metadata, ...metadata(p.metadata) };
    return c;
  }

  addBalance(customerId: string, p: FormObject): CustomerBalanceTransaction {
    const c = this.customer(customerId);
    const amount = int(p.amount);
    const currency = str(p.currency)?.toLowerCase();
    if (amount === undefined) throw required('amount');
    if (!currency) throw required('currency');
    if (c.currency && c.currency !== currency)
      throw invalid('currency', `The customer's balance is in ${c.currency}.`);
    c.currency = currency;
    c.balance += amount;
    const tx: CustomerBalanceTransaction = {
      id: newId('cbtxn'),
      object: 'customer_balance_transaction',
      created: this.now(),
      customer: c.id,
      amount,
      currency,
      description: str(p.description) ?? null,
      ending_balance: c.balance,
      type: 'adjustment',
      metadata: metadata(p.metadata),
      livemode: false,
    };
    this.balanceTransactions.set(tx.id, tx);
    return tx;
  }

  // ── products and prices ─────────────────────────────────────────────────────────────────────

  createProduct(p: FormObject): Product {
    const name = str(p.name);
    if (!name) throw required('name');
    const product: Product = {
      id: str(p.id) ?? newId('prod', 14),
      object: 'product',
      created: this.now(),
      name,
      active: bool(p.active) ?? true,
      metadata: metadata(p.metadata),
      livemode: false,
    };
    if (this.products.has(product.id)) throw invalid('id', `Product already exists.`);
    this.products.set(product.id, product);
    return product;
  }

  createPrice(p: FormObject): Price {
    const currency = str(p.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw required('currency');
    const unit = int(p.unit_amount);
    if (unit === undefined || unit < 0) throw required('unit_amount');
    const interval = str(obj(p.recurring)?.interval);
    if (interval !== 'month' && interval !== 'year')
      throw invalid('recurring[interval]', 'Only recurring prices with interval month or year are offered.');
    let product = str(p.product);
    if (product) this.productOf(product);
    else if (obj(p.product_data)) product = this.createProduct(obj(p.product_data)!).id;
    else throw required('product');
    const lookupKey = str(p.lookup_key) ?? null;
    if (lookupKey) {
      const holder = [...this.prices.values()].find((x) => x.lookup_key === lookupKey);
      if (holder && bool(p.transfer_lookup_key) !== true)
        throw invalid('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
      if (holder) holder.lookup_key = null;
    }
    const price: Price = {
      id: newId('price', 24),
      object: 'price',
      created: this.now(),
      active: bool(p.active) ?? true,
      currency,
      unit_amount: unit,
      recurring: { interval, interval_count: 1 },
      type: 'recurring',
      product,
      lookup_key: lookupKey,
      nickname: str(p.nickname) ?? null,
      metadata: metadata(p.metadata),
      livemode: false,
    };
    this.prices.set(price.id, price);
    return price;
  }

  productOf(id: string): Product {
    const p = this.products.get(id);
    if (!p) throw missing('product', id, 'product');
    return p;
  }

  price(id: string, param = 'price'): Price {
    const p = this.prices.get(id);
    if (!p) throw missing('price', id, param);
    return p;
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

  // ── subscriptions ───────────────────────────────────────────────────────────────────────────

  private startSubscription(customer: Customer, price: Price, meta: Record<string, string>): Subscription {
    if (customer.currency && customer.currency !== price.currency && customer.balance !== 0)
      throw invalid('currency', `The customer's balance is in ${customer.currency}.`);
    customer.currency = price.currency;
    const now = this.now();
    const id = newId('sub', 24);
    const item: SubscriptionItem = {
      id: newId('si', 14),
      object: 'subscription_item',
      created: now,
      subscription: id,
      price: copy(price),
      quantity: 1,
      current_period_start: now,
      current_period_end: addInterval(now, price.recurring.interval, 1),
      metadata: {},
    };
    const sub: Subscription = {
      id,
      object: 'subscription',
      created: now,
      start_date: now,
      billing_cycle_anchor: now,
      customer: customer.id,
      currency: price.currency,
      status: 'active',
      items: {
        object: 'list',
        data: [item],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      latest_invoice: null,
      default_payment_method: newId('pm', 24),
      collection_method: 'charge_automatically',
      metadata: meta,
      livemode: false,
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  subscription(id: string): Subscription {
    this.runDue();
    const s = this.subscriptions.get(id);
    if (!s) throw missing('subscription', id);
    return s;
  }

  /**
   * POST /v1/subscriptions/:id — a price change (items[0][id] + items[0][price]) prorated as
   * `proration_behavior` says (Stripe's default create_prorations: on the next invoice;
   * always_invoice: invoiced and paid now; none), cancel_at_period_end, metadata.
   */
  updateSubscription(id: string, p: FormObject, idempotencyKey?: string): Subscription {
    const sub = this.subscription(id);
    if (sub.status === 'canceled')
      throw invalid('subscription', 'A canceled subscription can no longer be updated.');
    const previous: Record<string, unknown> = {};
    const before = copy(sub);
    const items = list(p.items);
    let invoice: Invoice | undefined;
    if (items && items.length > 0) {
      if (items.length !== 1) throw invalid('items', 'The stand-in keeps one item per subscription.');
      const change = obj(items[0]);
      const item = sub.items.data[0]!;
      const itemId = str(change?.id);
      if (itemId && itemId !== item.id) throw missing('subscription_item', itemId, 'items[0][id]');
      const priceId = str(change?.price);
      if (!priceId) throw required('items[0][price]');
      const price = this.price(priceId, 'items[0][price]');
      if (price.currency !== sub.currency)
        throw invalid('items[0][price]', `The price's currency must be ${sub.currency}, the subscription's.`);
      const behavior = str(p.proration_behavior) ?? 'create_prorations';
      if (!['create_prorations', 'always_invoice', 'none'].includes(behavior))
        throw invalid('proration_behavior', 'Invalid proration_behavior.');
      if (price.id !== item.price.id) {
        invoice = this.changePrice(sub, price, behavior);
        previous.items = before.items;
        if (before.billing_cycle_anchor !== sub.billing_cycle_anchor)
          previous.billing_cycle_anchor = before.billing_cycle_anchor;
      }
    }
    const cancel = bool(p.cancel_at_period_end);
    if (cancel !== undefined && cancel !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at;
      previous.canceled_at = sub.canceled_at;
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? sub.items.data[0]!.current_period_end : null;
      sub.canceled_at = cancel ? this.now() : null;
    }
    if (p.metadata !== undefined) {
      previous.metadata = before.metadata;
      sub.metadata = { ...sub.metadata, ...metadata(p.metadata) };
    }
    if (Object.keys(previous).length > 0) {
      this.emit('customer.subscription.updated', sub, { idempotencyKey }, previous);
      if (invoice) this.emit('invoice.paid', invoice, { idempotencyKey });
    }
    return sub;
  }

  private changePrice(sub: Subscription, price: Price, behavior: string): Invoice | undefined {
    const item = sub.items.data[0]!;
    const old = item.price;
    const now = this.now();
    const period = { start: item.current_period_start, end: item.current_period_end };
    const { credit, charge } = prorate(old.unit_amount, price.unit_amount, period, now);
    const lines: InvoiceLine[] = [];
    if (behavior !== 'none' && credit !== 0)
      lines.push(
        this.line(old, credit, `Unused time on ${this.productOf(old.product).name}`, now, period.end, true),
      );
    if (old.recurring.interval !== price.recurring.interval) {
      // A new interval restarts the cycle now, billing the new price's full period (as Stripe does).
      sub.billing_cycle_anchor = now;
      item.current_period_start = now;
      item.current_period_end = addInterval(now, price.recurring.interval, 1);
      item.price = copy(price);
      lines.push(this.fullLine(price, now, item.current_period_end));
      return this.invoiceFor(sub, 'subscription_update', lines);
    }
    if (behavior !== 'none' && charge !== 0)
      lines.push(
        this.line(
          price,
          charge,
          `Remaining time on ${this.productOf(price.product).name}`,
          now,
          period.end,
          true,
        ),
      );
    item.price = copy(price);
    if (behavior === 'always_invoice' && lines.length > 0) {
      const invoice = this.invoiceFor(sub, 'subscription_update', lines);
      sub.latest_invoice = invoice.id;
      return invoice;
    }
    for (const line of lines) this.pending.push({ subscription: sub.id, line });
    return undefined;
  }

  /** DELETE /v1/subscriptions/:id: ends it now (no refund). */
  cancelNow(id: string, idempotencyKey?: string): Subscription {
    const sub = this.subscription(id);
    if (sub.status === 'canceled') throw invalid('subscription', 'This subscription is already canceled.');
    this.end(sub, this.now(), idempotencyKey);
    return sub;
  }

  private end(sub: Subscription, at: number, idempotencyKey?: string): void {
    sub.status = 'canceled';
    sub.ended_at = at;
    sub.canceled_at ??= at;
    this.pending = this.pending.filter((p) => p.subscription !== sub.id);
    this.emit('customer.subscription.deleted', sub, { idempotencyKey });
  }

  /** Renewals and period-end cancellations whose time has come, oldest first. */
  runDue(): void {
    const now = this.now();
    for (;;) {
      let next: Subscription | undefined;
      for (const s of this.subscriptions.values())
        if (s.status === 'active' && s.items.data[0]!.current_period_end <= now)
          if (!next || s.items.data[0]!.current_period_end < next.items.data[0]!.current_period_end) next = s;
      if (!next) return;
      const item = next.items.data[0]!;
      if (next.cancel_at_period_end) {
        this.end(next, item.current_period_end);
        continue;
      }
      const previous = { items: copy(next.items), latest_invoice: next.latest_invoice };
      const start = item.current_period_end;
      item.current_period_start = start;
      item.current_period_end = addInterval(start, item.price.recurring.interval, 1);
      const carried = this.pending.filter((p) => p.subscription === next.id).map((p) => p.line);
      this.pending = this.pending.filter((p) => p.subscription !== next.id);
      const invoice = this.invoiceFor(next, 'subscription_cycle', [
        ...carried,
        this.fullLine(item.price, start, item.current_period_end),
      ]);
      next.latest_invoice = invoice.id;
      this.emit('customer.subscription.updated', next, {}, previous);
      this.emit('invoice.paid', invoice, {});
    }
  }

  // ── invoices ────────────────────────────────────────────────────────────────────────────────

  private line(
    price: Price,
    amount: number,
    description: string,
    start: number,
    end: number,
    proration: boolean,
  ): InvoiceLine {
    return {
      id: newId('il', 24),
      object: 'line_item',
      amount,
      currency: price.currency,
      description,
      period: { start, end },
      quantity: 1,
      pricing: { type: 'price_details', price_details: { price: price.id, product: price.product } },
      proration,
    };
  }

  private fullLine(price: Price, start: number, end: number): InvoiceLine {
    const name = this.productOf(price.product).name;
    return this.line(
      price,
      price.unit_amount,
      `1 × ${name} (per ${price.recurring.interval})`,
      start,
      end,
      false,
    );
  }

  /** A finalised invoice, paid at once by the subscription's card; the customer's balance applies first. */
  private invoiceFor(sub: Subscription, reason: Invoice['billing_reason'], lines: InvoiceLine[]): Invoice {
    const customer = this.customer(sub.customer);
    const now = this.now();
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const starting = customer.balance;
    // A credit (negative balance) pays what it can; a negative total becomes credit.
    let due = total + starting;
    let ending = 0;
    if (due < 0) {
      ending = due;
      due = 0;
    }
    customer.balance = ending;
    const id = newId('in', 24);
    this.invoiceCount++;
    const invoice: Invoice = {
      id,
      object: 'invoice',
      created: now,
      number: `SBX-${String(this.invoiceCount).padStart(5, '0')}`,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      currency: sub.currency,
      status: 'paid',
      billing_reason: reason,
      subtotal: total,
      total,
      starting_balance: starting,
      ending_balance: ending,
      amount_due: due,
      amount_paid: due,
      amount_remaining: 0,
      period_start: Math.min(...lines.map((l) => l.period.start)),
      period_end: Math.max(...lines.map((l) => l.period.end)),
      lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: copy(sub.metadata) },
      },
      status_transitions: { finalized_at: now, paid_at: now },
      hosted_invoice_url: `${this.baseUrl}/invoices/${id}`,
      invoice_pdf: `${this.baseUrl}/invoices/${id}/pdf`,
      metadata: {},
      livemode: false,
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  invoice(id: string): Invoice {
    const i = this.invoices.get(id);
    if (!i) throw missing('invoice', id);
    return i;
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
