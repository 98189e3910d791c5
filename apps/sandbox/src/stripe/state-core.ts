import { randomBytes } from 'node:crypto';
import type {
  CheckoutSession,
  Customer,
  CustomerBalanceTransaction,
  Invoice,
  InvoiceLine,
  Price,
  Product,
  StripeEvent,
  Subscription,
} from './types';

export const STRIPE_API_VERSION = '2026-10-28.endive';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const copy = <T>(value: T): T => structuredClone(value);

/** A session with what it will buy, which Stripe keeps out of the session object. */
export type StoredSession = CheckoutSession & {
  line: { price: string; quantity: number };
  subscriptionMetadata: Record<string, string>;
};

/** A line waiting for the subscription's next invoice (proration_behavior=create_prorations). */
export interface PendingLine {
  subscription: string;
  line: InvoiceLine;
}

/**
 * The stand-in's state: one object per Stripe account (the secret key), its records, its clock and
 * its events. Time is `now()` (Unix seconds, the sandbox's simulated clock) plus what `advance`
 * added. The rules are layered on top, one concern a file: customers and prices
 * (customers-prices.ts), invoices (invoicing.ts), subscriptions (subscriptions.ts), checkout and
 * the clock's advance (store.ts).
 */
export abstract class StripeCore {
  readonly customers = new Map<string, Customer>();
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly sessions = new Map<string, StoredSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly balanceTransactions = new Map<string, CustomerBalanceTransaction>();
  readonly events: StripeEvent[] = [];
  protected pending: PendingLine[] = [];
  protected offset = 0;
  protected invoiceCount = 0;
  /** Where the hosted pages live (set from the API requests, so links work from where the API is reached). */
  baseUrl = 'http://localhost:4100/stripe';

  constructor(
    private readonly clock: () => number,
    private readonly onEvent: (event: StripeEvent) => void,
  ) {}

  now(): number {
    return this.clock() + this.offset;
  }

  // ── events ──────────────────────────────────────────────────────────────────────────────────

  protected emit(
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
}
