import { and, asc, count, desc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  audienceConfigs,
  billingCustomers,
  billingEvents,
  billingInvoices,
  billingPlans,
  invites,
  memberships,
  premiumSubscriptions,
  referralCodes,
  referrals,
  subscriptions,
  uploadedAudiences,
} from '../../db/schema';

export type BillingRepository = ReturnType<typeof createBillingRepository>;
export type PlanRow = typeof billingPlans.$inferSelect;
export type TeamSubscriptionRow = typeof subscriptions.$inferSelect;
export type PremiumSubscriptionRow = typeof premiumSubscriptions.$inferSelect;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type CustomerRow = typeof billingCustomers.$inferSelect;

/** Whose customer: a team's (dashboard plans) or a user's (the premium suite). */
export type Owner = { teamId: number } | { userId: number };

/** The subscription fields a webhook event carries, as stored. */
export interface SubscriptionState {
  stripeSubscriptionId: string;
  start: Date;
  active: boolean;
  status: string;
  planCode: string;
  planName: string;
  currency: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stateAt: Date;
}

const ownerIs = (table: typeof billingCustomers | typeof billingInvoices, owner: Owner) =>
  'teamId' in owner ? eq(table.teamId, owner.teamId) : eq(table.userId, owner.userId);

export function createBillingRepository(db: Db) {
  return {
    plans: (kind?: 'team' | 'premium') =>
      db
        .select()
        .from(billingPlans)
        .where(kind ? eq(billingPlans.kind, kind) : undefined)
        .orderBy(asc(billingPlans.kind), asc(billingPlans.tier), asc(billingPlans.interval)),

    plan: async (code: string) =>
      (await db.select().from(billingPlans).where(eq(billingPlans.code, code)))[0],

    customer: async (owner: Owner) =>
      (await db.select().from(billingCustomers).where(ownerIs(billingCustomers, owner)))[0],

    customerByStripeId: async (id: string) =>
      (await db.select().from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, id)))[0],

    /** The existing row wins a race (one customer per owner). */
    async insertCustomer(owner: Owner, stripeCustomerId: string, currency: string, now: Date) {
      await db
        .insert(billingCustomers)
        .values({ ...owner, stripeCustomerId, currency, createdAt: now })
        .onConflictDoNothing();
      return (await db.select().from(billingCustomers).where(ownerIs(billingCustomers, owner)))[0]!;
    },

    /** A team's subscriptions, latest-started first (SPEC §6 reads the first). */
    teamSubscriptions: (teamId: number) =>
      db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.teamId, teamId))
        .orderBy(desc(subscriptions.start), desc(subscriptions.id)),

    teamSubscription: async (stripeSubscriptionId: string) =>
      (
        await db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId))
      )[0],

    async saveTeamSubscription(teamId: number, state: SubscriptionState) {
      await db
        .insert(subscriptions)
        .values({ teamId, ...state })
        .onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: { ...state } });
    },

    premiumSubscriptions: (userId: number) =>
      db
        .select()
        .from(premiumSubscriptions)
        .where(eq(premiumSubscriptions.userId, userId))
        .orderBy(desc(premiumSubscriptions.start), desc(premiumSubscriptions.id)),

    premiumSubscription: async (stripeSubscriptionId: string) =>
      (
        await db
          .select()
          .from(premiumSubscriptions)
          .where(eq(premiumSubscriptions.stripeSubscriptionId, stripeSubscriptionId))
      )[0],

    async savePremiumSubscription(userId: number, state: SubscriptionState) {
      const { planName: _name, ...row } = state;
      await db
        .insert(premiumSubscriptions)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: premiumSubscriptions.stripeSubscriptionId, set: { ...row } });
    },

    /** Records an event id; false when it was already there (a redelivery). */
    async recordEvent(id: string, type: string, created: Date, now: Date): Promise<boolean> {
      const inserted = await db
        .insert(billingEvents)
        .values({ id, type, created, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return inserted.length > 0;
    },

    /** False when the invoice was already stored. */
    async insertInvoice(row: InvoiceRow): Promise<boolean> {
      const inserted = await db
        .insert(billingInvoices)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: billingInvoices.stripeInvoiceId });
      return inserted.length > 0;
    },

    invoices: (owner: Owner) =>
      db
        .select()
        .from(billingInvoices)
        .where(ownerIs(billingInvoices, owner))
        .orderBy(desc(billingInvoices.created))
        .limit(100),

    /** Invoices of a user with money paid (the referral's "first paid invoice"). */
    paidInvoiceCount: async (owner: Owner) =>
      (
        await db
          .select({ n: count() })
          .from(billingInvoices)
          .where(and(ownerIs(billingInvoices, owner), gte(billingInvoices.amountPaid, 1)))
      )[0]!.n,

    /**
     * What the plan limits count: uploads since `since` (a reach plan's pushed custom audiences are
     * upload rows too), saved audiences, members and open invites.
     */
    async usage(teamId: number, since: Date) {
      const [uploads] = await db
        .select({ n: count() })
        .from(uploadedAudiences)
        .where(and(eq(uploadedAudiences.teamId, teamId), gte(uploadedAudiences.created, since)));
      const [saved] = await db
        .select({ n: count() })
        .from(audienceConfigs)
        .where(eq(audienceConfigs.teamId, teamId));
      const [members] = await db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.teamId, teamId));
      const [pending] = await db
        .select({ n: count() })
        .from(invites)
        .where(and(eq(invites.teamId, teamId), isNull(invites.acceptedAt)));
      return {
        uploads: uploads!.n,
        savedAudiences: saved!.n,
        seats: members!.n + pending!.n,
      };
    },
    ...referralRepository(db),
  };
}

/** Referral codes, referrals and their credits (docs/billing.md "Referral"). */
function referralRepository(db: Db) {
  return {
    referralCode: async (userId: number) =>
      (await db.select().from(referralCodes).where(eq(referralCodes.userId, userId)))[0],

    referralCodeByCode: async (code: string) =>
      (await db.select().from(referralCodes).where(eq(referralCodes.code, code)))[0],

    /** False when the code is taken (the caller draws another). */
    async insertReferralCode(userId: number, code: string, now: Date): Promise<boolean> {
      const inserted = await db
        .insert(referralCodes)
        .values({ userId, code, createdAt: now })
        .onConflictDoNothing()
        .returning({ code: referralCodes.code });
      return inserted.length > 0;
    },

    referralOf: async (refereeUserId: number) =>
      (await db.select().from(referrals).where(eq(referrals.refereeUserId, refereeUserId)))[0],

    referralsBy: (referrerUserId: number) =>
      db.select().from(referrals).where(eq(referrals.referrerUserId, referrerUserId)),

    /** False when the referee already has a referrer. */
    async insertReferral(refereeUserId: number, referrerUserId: number, now: Date): Promise<boolean> {
      const inserted = await db
        .insert(referrals)
        .values({ refereeUserId, referrerUserId, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: referrals.refereeUserId });
      return inserted.length > 0;
    },

    /** Marks the credit once; false when it was already given. */
    async creditReferral(
      refereeUserId: number,
      credit: { invoiceId: string; amount: number; currency: string; now: Date },
    ): Promise<boolean> {
      const updated = await db
        .update(referrals)
        .set({
          creditedInvoiceId: credit.invoiceId,
          creditedAt: credit.now,
          creditAmount: credit.amount,
          creditCurrency: credit.currency,
        })
        .where(and(eq(referrals.refereeUserId, refereeUserId), isNull(referrals.creditedAt)))
        .returning({ id: referrals.refereeUserId });
      return updated.length > 0;
    },
  };
}
