import { describe, expect, it } from 'vitest';
import { STRIPE_DEV_KEYS } from '@murmur/sandbox';
import { loadConfig } from '../../config';

/** STRIPE_* selects a real account; outside production the sandbox's stand-in is the default. */
describe('stripe configuration', () => {
  const base = { DATA_DIR: '/tmp/murmur-stripe-config-test', PUBLIC_URL: 'https://app.example' };
  const production = {
    ...base,
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(40),
    SMTP_URL: 'smtp://mail.example',
    PRO_TARGETING_TOKEN: 'pro',
  };

  it('defaults to the sandbox stand-in with its development keys outside production', () => {
    expect(loadConfig(base).stripe).toEqual({
      enabled: true,
      secretKey: STRIPE_DEV_KEYS.secretKey,
      publishableKey: STRIPE_DEV_KEYS.publishableKey,
      webhookSecret: STRIPE_DEV_KEYS.webhookSecret,
      apiUrl: 'https://app.example/sandbox/stripe',
      sandbox: true,
    });
  });

  it('has no billing in production without a key, and never the development keys', () => {
    const stripe = loadConfig(production).stripe;
    expect(stripe.enabled).toBe(false);
    expect(stripe.secretKey).toBe('');
  });

  it('talks to Stripe itself when a key is configured', () => {
    expect(
      loadConfig({
        ...production,
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).stripe,
    ).toEqual({
      enabled: true,
      secretKey: 'sk_live_x',
      publishableKey: 'pk_live_x',
      webhookSecret: 'whsec_x',
      apiUrl: undefined,
      sandbox: false,
    });
  });
});
