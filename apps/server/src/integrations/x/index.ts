import type { XConfig } from '../../config';
import { createXAdsClient } from './ads';
import { createXAdsCampaignClient } from './ads-campaigns';
import { createXAdsEstimateClient } from './ads-estimate';
import { createXSignIn } from './sign-in';
import { createXTransport } from './transport';
import { createXUserApi } from './user-api';

export type XClient = ReturnType<typeof createXClient>;

/**
 * The one client of X: every part shares the transport (hosts, app keys, the sandbox rewrite), the
 * user token type (`XUserTokens`) and the error (`XError`). A new surface of X (its streams) is one
 * more member here, built on the same transport.
 */
export function createXClient(
  config: XConfig,
  options: { sleep?: (ms: number) => Promise<void>; now?: () => number } = {},
) {
  const transport = createXTransport(config);
  return {
    configured: transport.configured,
    /** Sign-in with X: OAuth 1.0a and OAuth 2.0 (PKCE). */
    signIn: createXSignIn(transport),
    /** API v2 in one user's context (Deep Thought's reads and writes). */
    users: createXUserApi(transport),
    /** The Ads API: ad accounts, custom audiences, measurement, targeting. */
    ads: createXAdsClient(transport),
    /** The Ads API's campaign side: campaigns, line items, creatives, stats (with the 429 retry). */
    campaigns: createXAdsCampaignClient(transport, options),
    /** The Ads API's audience estimate: the range X shows for a set of targeting criteria. */
    estimates: createXAdsEstimateClient(transport),
  };
}

export { XError } from './errors';
export { sandboxBaseFor, type XUserTokens } from './transport';
export { pkcePair, type XSignIn, type XUser } from './sign-in';
export type { XAdAccount, XAdsClient, XCustomAudience, XTargetingCriterion } from './ads';
export type { XAdsEstimateClient, XAudienceSize } from './ads-estimate';
export type {
  XAdsCampaignClient,
  XCampaignInput,
  XCampaignReach,
  XLineItemInput,
  XStatsSeries,
} from './ads-campaigns';
export type {
  RateLimit,
  XPage,
  XPostCount,
  XUserApi,
  XUserSession,
  XV2List,
  XV2Post,
  XV2User,
} from './user-api';
