/**
 * The credentials a development checkout runs on: the sandbox's stand-ins accept them when configured
 * with none, and the server's configuration defaults to them outside production (config.ts). They
 * live here, below both, so that the server's configuration never loads the sandbox.
 */

/** X and the sign-in providers' development clients, which the sandbox accepts when its options name none. */
export const SANDBOX_DEV_CREDENTIALS = {
  x: {
    consumerKey: 'sandboxConsumerKey0000000',
    consumerSecret: 'sandboxConsumerSecret00000000000000000000000000',
    bearerToken: 'AAAAAAAAAAAAAAAAAAAAAsandbox-app-only-bearer-token',
    clientId: 'c2FuZGJveC14LWNsaWVudDox',
    clientSecret: 'sandbox-x-oauth2-client-secret',
  },
  facebook: { clientId: '100000000000001', clientSecret: 'sandbox-facebook-app-secret' },
  google: {
    clientId: '100000000001-sandbox.apps.googleusercontent.com',
    clientSecret: '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',
  },
  linkedin: { clientId: '77sandboxlinkedin', clientSecret: 'sandbox-linkedin-client-secret' },
} as const;

/** Keys the stand-in accepts when configured with none (the server's development defaults for billing). */
export const STRIPE_DEV_KEYS = {
  secretKey: 'sk_test_sandbox_murmur_0000000000000000',
  publishableKey: 'pk_test_sandbox_murmur_0000000000000000',
  webhookSecret: 'whsec_sandbox_murmur_00000000000000000000',
} as const;
