export { createXClient, pkcePair, XApiError, type XClient, type XUser } from './x-client';
export { providerIdentity, type ProviderIdentity, type SignInProvider } from './providers';
export {
  createXAdsClient,
  XAdsNoAccess,
  type XAdAccount,
  type XAdsClient,
  type XCustomAudience,
  type XTargetingCriterion,
  type XUserTokens,
} from './ads-client';
