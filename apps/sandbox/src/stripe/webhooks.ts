import { createHmac } from 'node:crypto';
import type { StripeEvent } from './types';

/** Where the stand-in sends its events: one endpoint, signed with its `whsec_…` secret. */
export interface WebhookEndpoint {
  url: string;
  secret: string;
}

/**
 * Stripe's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" under the
 * endpoint secret>`, which `stripe.webhooks.constructEvent` verifies. The timestamp is wall-clock
 * time (the receiver compares it with its own clock, 300 s tolerance), not the simulated clock.
 */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Delivery attempts per event and the pause between them (Stripe retries for days; tests need seconds). */
const ATTEMPTS = 4;
const RETRY_MS = 500;

/**
 * Sends events one at a time in the order they happened, each retried until the endpoint answers
 * 2xx or the attempts run out. `idle()` resolves when everything queued has been tried.
 */
export class WebhookDispatcher {
  private queue: Promise<void> = Promise.resolve();
  readonly delivered: { event: string; status: number }[] = [];

  constructor(private readonly endpoint: () => WebhookEndpoint | undefined) {}

  send(event: StripeEvent): void {
    this.queue = this.queue.then(() => this.deliver(event));
  }

  idle(): Promise<void> {
    return this.queue;
  }

  private async deliver(event: StripeEvent): Promise<void> {
    const target = this.endpoint();
    if (!target) return;
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      let status: number;
      try {
        const res = await fetch(target.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signPayload(payload, target.secret),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      this.delivered.push({ event: event.id, status });
      if (status >= 200 && status < 300) return;
      if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, RETRY_MS * attempt));
    }
  }
}
