import { SubscriptionReturn } from '@/features/billing/components/subscription-return';

/** SPEC §2 /create-subscription/success: back from a paid checkout. */
export function Route() {
  return <SubscriptionReturn outcome="success" />;
}
