/** @murmur/sandbox: the deterministic X-like network and its X API / Ads API / OAuth surface. */
export { clockFromEnv, configFromEnv, resolveConfig, type ClockSettings, type SandboxConfig } from './config';
export { generateNetwork, type StageListener } from './generate/network';
export type { Network } from './network';
export { advance, advanceTo } from './simulate/tick';
export { engagersBetween, eventsAbout, newFollowersSince, unfollowersSince } from './history/queries';
export { deletePostNow, followNow, removeAccountNow, unfollowNow } from './history/actions';
export type { Engager, HistoryEvent, Moment, Unfollower } from './history/queries';
export {
  exportChunks,
  exportHeader,
  exportStream,
  EXPORT_FORMAT,
  EXPORT_VERSION,
} from './export/ndjson-export';
export { createSandboxPlugin, type SandboxPluginOptions } from './http/sandbox-plugin';
export {
  createStripeStandIn,
  signPayload,
  STRIPE_API_VERSION,
  STRIPE_DEV_KEYS,
  type StripeStandIn,
  type StripeStandInOptions,
  type WebhookEndpoint,
} from './stripe';
export {
  adsApiPlugin,
  sandboxAdsToken,
  sandboxEmail,
  hashIdentifier,
  type AdsApiPluginOptions,
} from './http/ads';
export {
  DEFAULT_CALLBACKS,
  SANDBOX_DEV_CREDENTIALS,
  type SandboxCallbacks,
  type OAuth1Consumer,
  type OAuth2Client,
  type XOptions,
} from './http/options';
export { sandboxClientSettings, sandboxRedirectPlugin, toSandboxUrl } from './http/x-client-redirect';
export { X_RATE_LIMITS } from './http/x-v2/rate-limit';
export { interruptStreams, type StreamOutage } from './http/x-v2/streams';
export { liveLists, type ListView } from './history/live-lists';
export { bioOf, locationOf } from './text/bio';
export { postContent } from './text/post-text';
export { avatarOf, avatarSvg, type Avatar } from './text/avatar';
export { postId } from './model/posts';
export * from '@murmur/core/x-catalogue';
export { AccountKind, AccountFlag, AGE_BANDS, GENDER_NAMES, ACCOUNT_KIND_NAMES } from './model/accounts';
export { EventKind } from './model/events';
