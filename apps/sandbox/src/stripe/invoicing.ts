import { missing } from './errors';
import type { Invoice, InvoiceLine, Price, Subscription } from './types';
import { StripeCustomersAndPrices } from './customers-prices';
import { copy, newId } from './state-core';

/** Invoice lines and invoices, paid at once by the subscription's card (the customer's balance first). */
export abstract class StripeInvoicing extends StripeCustomersAndPrices {
  // ── invoices ────────────────────────────────────────────────────────────────────────────────

  protected line(
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

  protected fullLine(price: Price, start: number, end: number): InvoiceLine {
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
  protected invoiceFor(sub: Subscription, reason: Invoice['billing_reason'], lines: InvoiceLine[]): Invoice {
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
