/**
 * The Stripe objects the stand-in keeps, with the fields of API version 2026-10-28 (the version the
 * pinned SDK asks for) that a subscription business reads: billing periods live on subscription
 * items, an invoice names its subscription under `parent.subscription_details`.
 */
export type Metadata = Record<string, string>;

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  address: { country: string | null } | null;
  /** Cents owed (positive) or credited (negative), applied to the next invoice. */
  balance: number;
  currency: string | null;
  metadata: Metadata;
  preferred_locales: string[];
  livemode: false;
}

export interface Product {
  id: string;
  object: 'product';
  created: number;
  name: string;
  active: boolean;
  metadata: Metadata;
  livemode: false;
}

export interface Price {
  id: string;
  object: 'price';
  created: number;
  active: boolean;
  currency: string;
  /** In the currency's smallest unit (cents; yen have none). */
  unit_amount: number;
  recurring: { interval: Interval; interval_count: 1 };
  type: 'recurring';
  product: string;
  lookup_key: string | null;
  nickname: string | null;
  metadata: Metadata;
  livemode: false;
}

export type Interval = 'month' | 'year';

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  subscription: string;
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  metadata: Metadata;
}

export type SubscriptionStatus = 'active' | 'canceled' | 'incomplete' | 'past_due';

export interface Subscription {
  id: string;
  object: 'subscription';
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  customer: string;
  currency: string;
  status: SubscriptionStatus;
  items: StripeList<SubscriptionItem>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  latest_invoice: string | null;
  default_payment_method: string | null;
  collection_method: 'charge_automatically';
  metadata: Metadata;
  livemode: false;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  quantity: number;
  pricing: { type: 'price_details'; price_details: { price: string; product: string } };
  /** Not Stripe's field name set in full: whether the line credits or charges a partial period. */
  proration: boolean;
}

export interface Invoice {
  id: string;
  object: 'invoice';
  created: number;
  number: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  currency: string;
  status: 'paid' | 'open';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  subtotal: number;
  total: number;
  /** Customer balance used (negative: credit applied). */
  starting_balance: number;
  ending_balance: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  period_start: number;
  period_end: number;
  lines: StripeList<InvoiceLine>;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  };
  status_transitions: { finalized_at: number; paid_at: number | null };
  hosted_invoice_url: string;
  invoice_pdf: string;
  metadata: Metadata;
  livemode: false;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  created: number;
  expires_at: number;
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  currency: string;
  amount_total: number;
  locale: string | null;
  metadata: Metadata;
  subscription: string | null;
  invoice: string | null;
  livemode: false;
}

export interface CustomerBalanceTransaction {
  id: string;
  object: 'customer_balance_transaction';
  created: number;
  customer: string;
  amount: number;
  currency: string;
  description: string | null;
  ending_balance: number;
  type: 'adjustment' | 'applied_to_invoice';
  metadata: Metadata;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}
