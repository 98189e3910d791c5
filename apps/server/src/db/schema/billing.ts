import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * The plans a team (starter, pro, enterprise) or a premium-suite user can buy, monthly or yearly,
 * with their prices in euro cents and yen (seeded by migration 0007; docs/billing.md). A limit of
 * null is unlimited.
 */
export const billingPlans = pgTable('billing_plans', {
  code: text('code').primaryKey(),
  /** SPEC §3 plan.name; "enterprise" in it makes an enterprise subscription (§6). */
  name: text('name').notNull(),
  /** 'team' or 'premium'. */
  kind: text('kind').notNull(),
  /** Order of the plans of a kind: a higher tier is an upgrade. */
  tier: integer('tier').notNull(),
  /** 'month' or 'year'. */
  interval: text('interval').notNull(),
  amountEur: integer('amount_eur').notNull(),
  amountJpy: integer('amount_jpy').notNull(),
  uploadsPerMonth: integer('uploads_per_month'),
  savedAudiences: integer('saved_audiences'),
  seats: integer('seats'),
});

/** The payment provider's customer of a team or of a premium-suite user (one each). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull().unique(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_customers_team_idx').on(t.teamId),
    uniqueIndex('billing_customers_user_idx').on(t.userId),
  ],
);

/** A premium-suite (Deep Thought) subscription of a user, kept from webhook events like a team's. */
export const premiumSubscriptions = pgTable(
  'premium_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id').notNull().unique(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    active: boolean('active').notNull(),
    status: text('status').notNull(),
    planCode: text('plan_code').notNull(),
    currency: text('currency').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The `created` time of the event whose state this row holds: older events are ignored. */
    stateAt: timestamp('state_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('premium_subscriptions_user_idx').on(t.userId)],
);

/** Webhook events already applied, by the provider's event id: a redelivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** Paid invoices as the `invoice.paid` events told them, with the provider's download links. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    stripeInvoiceId: text('stripe_invoice_id').primaryKey(),
    /** Kept without the team or the user when they are deleted (accounting law keeps invoices; docs/API.md). */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    stripeSubscriptionId: text('stripe_subscription_id'),
    number: text('number'),
    currency: text('currency').notNull(),
    /** In the currency's smallest unit (cents; yen have none). */
    amountPaid: integer('amount_paid').notNull(),
    total: integer('total').notNull(),
    billingReason: text('billing_reason'),
    created: timestamp('created', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
  },
  (t) => [index('billing_invoices_team_idx').on(t.teamId), index('billing_invoices_user_idx').on(t.userId)],
);

/** A premium-suite user's referral code (SPEC §7 referral). */
export const referralCodes = pgTable('referral_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Who referred whom: set when the referee applies a code, credited once, on the referee's first
 * paid premium invoice (the referrer's customer balance gets the credit).
 */
export const referrals = pgTable('referrals', {
  refereeUserId: integer('referee_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referrerUserId: integer('referrer_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  creditedInvoiceId: text('credited_invoice_id'),
  creditedAt: timestamp('credited_at', { withTimezone: true }),
  creditAmount: integer('credit_amount'),
  creditCurrency: text('credit_currency'),
});
