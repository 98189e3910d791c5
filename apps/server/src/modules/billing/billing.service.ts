import type {
  CheckoutResponse,
  Detail,
  PlansResponse,
  TeamBilling,
  UploadPermission,
} from '@murmur/core/api';
import { hasActiveSubscription, hasEnterpriseSubscription, isBillingComplete } from '@murmur/core/billing';
import type { MembershipRow, TeamRow, UserRow } from '../../db/schema';
import { BadRequest, Conflict, Forbidden } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { BillingRepository, PlanRow, TeamSubscriptionRow } from './billing.repository';
import {
  asTeamSubscription,
  currencyForCountry,
  monthlyAmount,
  monthStart,
  presentCurrent,
  presentInvoice,
  presentPlan,
  UPLOAD_NEEDS_SUBSCRIPTION,
} from './plans';
import type { Provider } from './provider';

export type BillingService = ReturnType<typeof createBillingService>;

/** The teams module's membership check (teamsService, wired in modules/index.ts). */
export interface TeamAccess {
  access(user: UserRow, teamRef: string): Promise<{ team: TeamRow; membership: MembershipRow }>;
}

const BILLING_INCOMPLETE =
  'Complete the billing details (invoice email, country and invoice name) before subscribing.';

/** The team `ref` if the user is its admin. SPEC §6: only a team admin buys, changes or cancels its plan. */
async function adminTeamOf(teams: TeamAccess, user: UserRow, ref: string) {
  const found = await teams.access(user, ref);
  if (found.membership.level !== 'admin')
    throw new Forbidden('Only a team admin can change the subscription.');
  return found.team;
}

/**
 * A team's plan: prices, checkout on the provider's hosted page, upgrade with proration, cancel at
 * the period's end, and the limits other modules ask about. Nothing here changes a subscription
 * row: the provider's verified webhook events do (billing-webhooks.ts).
 */
export function createBillingService(deps: {
  repo: BillingRepository;
  provider: Provider;
  teams: TeamAccess;
  clock: Clock;
  /** Where users come back from checkout (PUBLIC_URL). */
  publicUrl: string;
}) {
  const { repo, provider, teams, clock, publicUrl } = deps;

  const adminTeam = (user: UserRow, ref: string) => adminTeamOf(teams, user, ref);

  const limits = createPlanLimits(repo, clock);
  const {
    current,
    planOf,
    activeProviderSubscription,
    uploadPermission,
    assertCanSaveAudience,
    assertSeatsFor,
  } = limits;

  return {
    uploadPermission,
    assertCanSaveAudience,
    assertSeatsFor,

    /** Every plan with both prices (signed-out visitors see them too). */
    async plans(): Promise<PlansResponse> {
      return { plans: (await repo.plans()).map(presentPlan) };
    },

    publicKey: (key: string) => ({ public_key: key }),

    async overview(user: UserRow, ref: string): Promise<TeamBilling> {
      const { team, membership } = await teams.access(user, ref);
      const { rows, latest, active } = await current(team.id);
      const customer = await repo.customer({ teamId: team.id });
      const plan = latest ? await planOf(latest) : undefined;
      const usage = await repo.usage(team.id, monthStart(clock.now()));
      return {
        team: { id: team.id, slug: team.slug },
        currency:
          (customer?.currency as 'eur' | 'jpy' | undefined) ??
          currencyForCountry(team.country, user.language),
        billing_complete: isBillingComplete({
          invoice_email: team.invoiceEmail,
          country: team.country,
          invoice_name: team.invoiceName,
        }),
        active,
        enterprise: hasEnterpriseSubscription({ subscriptions: rows.map(asTeamSubscription) }),
        subscription: latest && plan ? presentCurrent(latest, plan) : null,
        plans: (await repo.plans('team')).map(presentPlan),
        invoices: (await repo.invoices({ teamId: team.id })).map(presentInvoice),
        usage: {
          uploads_this_month: usage.uploads,
          saved_audiences: usage.savedAudiences,
          seats: usage.seats,
        },
        can_upload: await uploadPermission(team.id),
        can_manage: membership.level === 'admin',
      };
    },

    /** A Checkout Session on the provider's hosted page; the webhook records what it sells. */
    async checkout(user: UserRow, input: { team: string; plan: string }): Promise<CheckoutResponse> {
      const team = await adminTeam(user, input.team);
      if (
        !isBillingComplete({
          invoice_email: team.invoiceEmail,
          country: team.country,
          invoice_name: team.invoiceName,
        })
      )
        throw new BadRequest({ non_field_errors: [BILLING_INCOMPLETE] });
      const plan = await repo.plan(input.plan);
      if (!plan || plan.kind !== 'team') throw new BadRequest({ plan: ['Choose one of the team plans.'] });
      if ((await current(team.id)).active)
        throw new Conflict('This team already has an active subscription. Upgrade or cancel it instead.');
      const existing = await repo.customer({ teamId: team.id });
      const currency = existing?.currency ?? currencyForCountry(team.country);
      const customer =
        existing ??
        (await provider.customer(
          { teamId: team.id },
          { name: team.invoiceName, email: team.invoiceEmail, country: team.country },
          currency,
        ));
      const price = await provider.priceId(plan, currency);
      const back = `${publicUrl}/${encodeURIComponent(team.slug)}/team`;
      // One session per team, plan and minute: a double click opens the same page.
      const minute = Math.floor(clock.now().getTime() / 60_000);
      const session = await provider.call(() =>
        provider.stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: customer.stripeCustomerId,
            line_items: [{ price, quantity: 1 }],
            success_url: `${back}?billing=success&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${back}?billing=cancel`,
            client_reference_id: `team-${team.id}`,
            locale: user.language === 'ja' ? 'ja' : 'en',
            metadata: { team_id: String(team.id), plan: plan.code },
            subscription_data: { metadata: { team_id: String(team.id), plan: plan.code } },
          },
          { idempotencyKey: `checkout:team:${team.id}:${plan.code}:${user.id}:${minute}` },
        ),
      );
      return { id: session.id, url: session.url ?? '' };
    },

    /** A move to a dearer plan now, the rest of the period prorated and invoiced at once. */
    async upgrade(user: UserRow, input: { team: string; plan: string }): Promise<Detail> {
      const team = await adminTeam(user, input.team);
      const row = await activeProviderSubscription(team.id);
      const from = await planOf(row);
      const to = await repo.plan(input.plan);
      if (!to || to.kind !== 'team') throw new BadRequest({ plan: ['Choose one of the team plans.'] });
      const currency = row.currency ?? 'eur';
      if (from && (to.code === from.code || monthlyAmount(to, currency) <= monthlyAmount(from, currency)))
        throw new BadRequest({ plan: ['Choose a plan above the current one.'] });
      const price = await provider.priceId(to, currency);
      await provider.call(async () => {
        const sub = await provider.stripe.subscriptions.retrieve(row.stripeSubscriptionId);
        const item = sub.items.data[0];
        await provider.stripe.subscriptions.update(
          row.stripeSubscriptionId,
          {
            items: [{ ...(item && { id: item.id }), price }],
            proration_behavior: 'always_invoice',
            cancel_at_period_end: false,
            metadata: { plan: to.code },
          },
          { idempotencyKey: `upgrade:${row.stripeSubscriptionId}:${to.code}` },
        );
      });
      return {
        detail: `The subscription is moving to ${to.name}; the difference for this period is invoiced now.`,
      };
    },

    /** Ends the subscription when its paid period does; until then it stays active. */
    async cancel(user: UserRow, input: { team: string }): Promise<Detail> {
      const team = await adminTeam(user, input.team);
      const row = await activeProviderSubscription(team.id);
      const sub = await provider.call(() =>
        provider.stripe.subscriptions.update(
          row.stripeSubscriptionId,
          { cancel_at_period_end: true },
          { idempotencyKey: `cancel:${row.stripeSubscriptionId}:${row.planCode ?? ''}` },
        ),
      );
      const end = sub.items.data[0]?.current_period_end;
      return {
        detail: end
          ? `The subscription ends on ${new Date(end * 1000).toISOString().slice(0, 10)}; it stays active until then.`
          : 'The subscription ends at the end of its period.',
      };
    },
  };
}

/** A team's plan and what it allows: the active subscription, uploads, saved audiences and seats. */
function createPlanLimits(repo: BillingRepository, clock: Clock) {
  /** The plan a row names: by code, or by name for rows written before plans had codes. */
  async function planOf(row: TeamSubscriptionRow): Promise<PlanRow | undefined> {
    if (row.planCode) return repo.plan(row.planCode);
    const plans = await repo.plans('team');
    return plans.find((p) => p.name.toLowerCase() === row.planName.toLowerCase() && p.interval === 'month');
  }

  /** SPEC §6 active (latest-started subscription active) and its row. */
  async function current(teamId: number) {
    const rows = await repo.teamSubscriptions(teamId);
    const latest = rows[0];
    const active = hasActiveSubscription({ subscriptions: rows.map(asTeamSubscription) });
    return { rows, latest, active };
  }

  /** The active provider subscription an upgrade or cancel acts on. */
  async function activeProviderSubscription(teamId: number) {
    const { latest, active } = await current(teamId);
    if (!active || !latest?.stripeSubscriptionId)
      throw new Conflict('This team has no active subscription to change.');
    return latest as TeamSubscriptionRow & { stripeSubscriptionId: string };
  }

  async function uploadPermission(teamId: number): Promise<UploadPermission> {
    const { latest, active } = await current(teamId);
    if (!active || !latest) return { allowed: false, reason: UPLOAD_NEEDS_SUBSCRIPTION };
    const plan = await planOf(latest);
    const limit = plan?.uploadsPerMonth ?? null;
    if (limit === null) return { allowed: true, reason: null };
    const usage = await repo.usage(teamId, monthStart(clock.now()));
    if (usage.uploads < limit) return { allowed: true, reason: null };
    return {
      allowed: false,
      reason: `The ${plan!.name} plan includes ${limit} audience uploads a month and this month's are used. Upgrade the plan to upload more.`,
    };
  }

  /** The active plan's cap on one of its limits, or null (no subscription or unlimited). */
  async function activeLimit(teamId: number, limit: 'savedAudiences' | 'seats') {
    const { latest, active } = await current(teamId);
    if (!active || !latest) return null;
    const plan = await planOf(latest);
    const cap = plan?.[limit] ?? null;
    return cap === null ? null : { plan: plan!, cap };
  }

  return {
    current,
    planOf,
    activeProviderSubscription,
    uploadPermission,

    /**
     * Plan limits for other modules (docs/billing.md). Saving audiences and inviting members are
     * capped by the active plan; a team without a subscription is refused uploads only (SPEC §5).
     * @throws Forbidden with the reason when the team is at its plan's limit.
     */
    assertCanSaveAudience: async (teamId: number): Promise<void> => {
      const found = await activeLimit(teamId, 'savedAudiences');
      if (!found) return;
      const usage = await repo.usage(teamId, monthStart(clock.now()));
      if (usage.savedAudiences >= found.cap)
        throw new Forbidden(
          `The ${found.plan.name} plan keeps up to ${found.cap} saved audiences. Delete one or upgrade the plan to save more.`,
        );
    },

    /** @throws Forbidden when `adding` more members would pass the plan's seats. */
    assertSeatsFor: async (teamId: number, adding: number): Promise<void> => {
      const found = await activeLimit(teamId, 'seats');
      if (!found) return;
      const usage = await repo.usage(teamId, monthStart(clock.now()));
      if (usage.seats + adding > found.cap)
        throw new Forbidden(
          `The ${found.plan.name} plan has ${found.cap} seats (members and open invitations) and ${usage.seats} are taken. Upgrade the plan to invite more members.`,
        );
    },
  };
}
