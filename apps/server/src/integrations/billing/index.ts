import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

/**
 * The official SDK for the configured account. The SDK always requests `/v1/…` on its host; when
 * the API lives under a path (the sandbox's stand-in at /sandbox/stripe), a thin HTTP client adds
 * that prefix — the SDK's own host/port/protocol options carry the rest.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    const prefix = url.pathname.replace(/\/+$/, '');
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.host = url.hostname;
    options.port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
    options.protocol = protocol;
    if (prefix) {
      const inner = Stripe.createNodeHttpClient();
      options.httpClient = Object.assign(Object.create(inner) as typeof inner, {
        makeRequest: (...args: Parameters<typeof inner.makeRequest>) => {
          args[2] = prefix + args[2];
          return inner.makeRequest(...args);
        },
      });
    }
  }
  return new Stripe(config.secretKey || 'sk_unconfigured', options);
}
