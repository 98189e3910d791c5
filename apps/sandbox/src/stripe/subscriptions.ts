import { invalid, missing, required } from './errors';
import { bool, list, metadata, obj, str, type FormObject } from './form';
import { addInterval, prorate } from './periods';
import type { Customer, Invoice, InvoiceLine, Price, Subscription, SubscriptionItem } from './types';
import { StripeInvoicing } from './invoicing';
import { copy, newId } from './state-core';

/**
 * Subscriptions: started by a completed checkout, price changes with proration, cancel at period
 * end or now, and the renewals and period-end cancellations `runDue` carries out as time passes.
 */
export abstract class StripeSubscriptions extends StripeInvoicing {
  // ── subscriptions ───────────────────────────────────────────────────────────────────────────

  protected startSubscription(customer: Customer, price: Price, meta: Record<string, string>): Subscription {
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

  protected changePrice(sub: Subscription, price: Price, behavior: string): Invoice | undefined {
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

  protected end(sub: Subscription, at: number, idempotencyKey?: string): void {
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
}
