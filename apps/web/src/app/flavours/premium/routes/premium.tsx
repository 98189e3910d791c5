import { useSearchParams } from 'react-router';
import { PremiumPage } from '@/features/billing/components/premium-page';

/** SPEC §2 /premium: plans and prices (a sign-in prompt when signed out), ?ref= fills a referral code. */
export function Route() {
  const [search] = useSearchParams();
  return <PremiumPage referralCode={search.get('ref') ?? undefined} />;
}
