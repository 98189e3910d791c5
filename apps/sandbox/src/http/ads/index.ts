import type { FastifyPluginAsync } from 'fastify';
import { createAdsPlatform, type AdsPlatform, type AdsPlatformOptions } from '../../ads/platform';
import { postExists } from '../../ads/post-lookup';
import { acceptFormBodies } from '../shared/form-body';
import { registerAccountRoutes } from './account-routes';
import { bearerAuthenticate, installAuth, type Authenticate } from './auth';
import { registerCampaignRoutes } from './campaign-routes';
import { registerCatalogueRoutes } from './catalogue-routes';
import type { AdsContext } from './context';
import { registerCustomAudienceRoutes } from './custom-audience-routes';
import { installErrorHandling } from './errors';
import { registerEstimateRoutes } from './estimate-routes';
import { registerLineItemRoutes } from './line-item-routes';
import { registerMeasurementRoutes } from './measurement-routes';
import { registerMediaRoutes } from './media-routes';
import { registerPromotedTweetRoutes } from './promoted-tweet-routes';
import { registerStatsRoutes } from './stats-routes';
import { registerTargetingRoutes } from './targeting-routes';

export interface AdsApiPluginOptions extends AdsPlatformOptions {
  /** Who a request acts for; defaults to `bearerAuthenticate(network)` (sandbox bearer tokens). */
  authenticate?: Authenticate;
  /** Share one ads platform between plugins or with tests; created from the options otherwise. */
  platform?: AdsPlatform;
  /** Whether a post id can be promoted; defaults to "exists on the network". */
  postExists?: (tweetId: string) => boolean;
}

/**
 * The X Ads API v12 stand-in. Routes are relative: register it with `{ prefix: '/ads/12' }` (beside
 * the X API v2 and OAuth plugins) and X ads clients work against it by changing their base URL.
 */
export function adsApiPlugin(options: AdsApiPluginOptions): FastifyPluginAsync {
  const platform = options.platform ?? createAdsPlatform(options);
  const ctx: AdsContext = {
    platform,
    authenticate: options.authenticate ?? bearerAuthenticate(options.network),
    postExists: options.postExists ?? ((id) => postExists(options.network, id)),
  };
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugins are async functions
  return async (app) => {
    // X Ads clients (twitter-ads, the official SDKs) post parameters as forms; the parser keeps the
    // ordered pairs that OAuth 1.0a signs (RFC 5849 §3.4.1.3).
    acceptFormBodies(app);
    installErrorHandling(app);
    installAuth(app, ctx);
    registerAccountRoutes(app, ctx);
    registerCampaignRoutes(app, ctx);
    registerLineItemRoutes(app, ctx);
    registerPromotedTweetRoutes(app, ctx);
    registerMediaRoutes(app, ctx);
    registerTargetingRoutes(app, ctx);
    registerCatalogueRoutes(app);
    registerCustomAudienceRoutes(app, ctx);
    registerEstimateRoutes(app, ctx);
    registerStatsRoutes(app, ctx);
    registerMeasurementRoutes(app, ctx);
  };
}

export {
  createAdsPlatform,
  sandboxClock,
  type AdsPlatform,
  type AdsPlatformOptions,
} from '../../ads/platform';
export { bearerAuthenticate, sandboxAdsToken, type AdsUser, type Authenticate } from './auth';
export { hashIdentifier, sandboxEmail } from '../../ads/identifiers';
