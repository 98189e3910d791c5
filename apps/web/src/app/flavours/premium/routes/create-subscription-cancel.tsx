import { SubscriptionReturn } from '@/features/billing/components/subscription-return';

/** SPEC §2 /create-subscription/cancel: back from an abandoned checkout. */
export function Route() {
  return <SubscriptionReturn outcome="cancel" />;
}
