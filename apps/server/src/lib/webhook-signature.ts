import { hmac } from './crypto';

/** Waits before the 2nd, 3rd, … attempt of a webhook delivery; after the last it has failed. */
export const WEBHOOK_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;

/**
 * The `Murmur-Signature` header of a webhook call, as Stripe signs theirs: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`. A receiver recomputes it and refuses a
 * timestamp more than five minutes old (docs/API-AUDIENCES.md "Alerts", docs/API-KEYS.md "Webhooks").
 */
export const signatureHeader = (secret: string, body: string, at: Date): string => {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${body}`)}`;
};
