import { MarketingPage, type MarketingPageName } from '@/features/pro-marketing/components/marketing-page';

/** /about, /pro-targeting, /pro-solutions, /pro-community: one marketing page each. */
export const marketingRoute = (page: MarketingPageName) =>
  function MarketingRoute() {
    return <MarketingPage page={page} />;
  };
