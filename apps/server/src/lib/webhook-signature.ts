import { hmac } from './crypto';
import { postJson, type OutboundOptions } from './outbound-post';

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

/** What one attempt of a webhook delivery changes in its delivery row. */
export interface WebhookAttemptResult {
  state: 'sent' | 'pending' | 'failed';
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  delivered?: Date;
}

/**
 * One signed POST of a delivery's event (audience alerts and team webhooks): a 2xx answer delivers
 * it; anything else waits for the next backoff step, or fails after the last.
 */
export async function attemptWebhook(
  target: { url: string; secret: string; options: OutboundOptions },
  delivery: { event: { type: string }; attempts: number },
  now: Date,
): Promise<WebhookAttemptResult> {
  const body = JSON.stringify(delivery.event);
  const attempts = delivery.attempts + 1;
  let status: number | null = null;
  let error: string | null = null;
  try {
    ({ status } = await postJson(
      target.url,
      body,
      {
        'murmur-signature': signatureHeader(target.secret, body, now),
        'murmur-event': delivery.event.type,
        'user-agent': 'Murmur-Webhooks/1',
      },
      target.options,
    ));
    if (status < 200 || status >= 300) error = `The receiver answered ${status}.`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  if (error === null)
    return {
      state: 'sent',
      attempts,
      responseStatus: status,
      lastError: null,
      nextAttemptAt: null,
      delivered: now,
    };
  const wait = WEBHOOK_BACKOFF_MS[attempts - 1];
  return {
    state: wait === undefined ? 'failed' : 'pending',
    attempts,
    responseStatus: status,
    lastError: error.slice(0, 500),
    nextAttemptAt: wait === undefined ? null : new Date(now.getTime() + wait),
  };
}
