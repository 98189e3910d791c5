import { STRIPE_DEV_KEYS } from '@murmur/core/dev-credentials';
import { optional, url } from './env';

export const billingEnv = {
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: url('STRIPE_API_URL'),
};

/**
 * Payments through the official Stripe SDK (modules/billing). `apiUrl` undefined means Stripe
 * itself; outside production without keys, the sandbox's stand-in with its development keys.
 * `enabled` is false when no secret key is known (production without STRIPE_SECRET_KEY).
 */
export interface StripeConfig {
  enabled: boolean;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Base URL the SDK talks to (host, port, protocol and a path prefix), or undefined for api.stripe.com. */
  apiUrl: string | undefined;
  /** True when apiUrl is the sandbox mounted by this server (it then sends its webhooks here). */
  sandbox: boolean;
}

/**
 * STRIPE_SECRET_KEY (and its publishable key and webhook secret) selects a real Stripe account
 * (STRIPE_API_URL may point the SDK elsewhere); without it, outside production, the sandbox's
 * stand-in under /sandbox/stripe with STRIPE_DEV_KEYS. Production without a key has no billing.
 */
export function stripeConfig(
  sandbox: string,
  isProduction: boolean,
  e: Partial<Record<string, unknown>> = {},
): StripeConfig {
  const get = (name: string): string | undefined => {
    const value = e[name];
    return typeof value === 'string' ? value : undefined;
  };
  const secretKey = get('STRIPE_SECRET_KEY');
  if (secretKey)
    return {
      enabled: true,
      secretKey,
      publishableKey: get('STRIPE_PUBLISHABLE_KEY') ?? '',
      webhookSecret: get('STRIPE_WEBHOOK_SECRET') ?? '',
      apiUrl: get('STRIPE_API_URL'),
      sandbox: false,
    };
  return {
    enabled: !isProduction,
    secretKey: isProduction ? '' : STRIPE_DEV_KEYS.secretKey,
    publishableKey: isProduction ? '' : STRIPE_DEV_KEYS.publishableKey,
    webhookSecret: isProduction ? '' : STRIPE_DEV_KEYS.webhookSecret,
    apiUrl: get('STRIPE_API_URL') ?? `${sandbox}/stripe`,
    sandbox: get('STRIPE_API_URL') === undefined,
  };
}
