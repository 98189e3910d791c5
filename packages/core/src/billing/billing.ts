import type { Subscription, Team } from '../api';

type BillingFields = Pick<Team, 'invoice_email' | 'country' | 'invoice_name'>;
type WithSubscriptions = Pick<Team, 'subscriptions'>;

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** SPEC §6: billing details are complete only when the team has invoice_email, country and invoice_name. */
export function isBillingComplete(team: BillingFields | null | undefined): boolean {
  return !!team && filled(team.invoice_email) && filled(team.country) && filled(team.invoice_name);
}

/**
 * The subscription with the latest start. Unparseable starts count as oldest; on equal starts the
 * one later in the list (the more recently created) wins.
 */
export function latestSubscription(
  subscriptions: readonly Subscription[] | null | undefined,
): Subscription | undefined {
  let latest: Subscription | undefined;
  let latestStart = Number.NEGATIVE_INFINITY;
  for (const subscription of subscriptions ?? []) {
    const start = Date.parse(subscription.start);
    const time = Number.isNaN(start) ? Number.NEGATIVE_INFINITY : start;
    if (latest === undefined || time >= latestStart) {
      latest = subscription;
      latestStart = time;
    }
  }
  return latest;
}

/** SPEC §6: a team has an active subscription if its latest-started subscription is active. */
export function hasActiveSubscription(team: WithSubscriptions | null | undefined): boolean {
  return latestSubscription(team?.subscriptions)?.active === true;
}

/** SPEC §6: an enterprise subscription is one whose plan name contains "enterprise" (any case). */
export function isEnterpriseSubscription(
  subscription: Pick<Subscription, 'plan'> | null | undefined,
): boolean {
  return /enterprise/i.test(subscription?.plan.name ?? '');
}

/** The team's current subscription (its latest-started one) is active and enterprise. */
export function hasEnterpriseSubscription(team: WithSubscriptions | null | undefined): boolean {
  const latest = latestSubscription(team?.subscriptions);
  return latest?.active === true && isEnterpriseSubscription(latest);
}
