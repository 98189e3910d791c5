import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEvent } from '@murmur/core/api';
import { hmac, safeEqual } from '../lib/crypto';

/** One call the receiver got: the event, its headers, and whether its signature checked out. */
export interface ReceivedHook {
  event: WebhookEvent;
  headers: IncomingHttpHeaders;
  verified: boolean;
}

/** A `Murmur-Signature` check as docs/API-KEYS.md tells a customer to write it. */
export function verifySignature(header: string | undefined, body: string, secret: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || !parts.v1) return false;
  return safeEqual(parts.v1, hmac(secret, `${t}.${body}`));
}

/**
 * A customer's webhook receiver on loopback: every POST is kept with whether it is signed with
 * `secret` (set once the endpoint is made); `waitFor` polls what arrived (a webhook is sent after
 * the answer of the request that caused it).
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  let secret = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const header = req.headers['murmur-signature'];
      received.push({
        event: JSON.parse(body) as WebhookEvent,
        headers: req.headers,
        verified: verifySignature(typeof header === 'string' ? header : undefined, body, secret),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/murmur`;

  async function waitFor(match: (hook: ReceivedHook) => boolean, after = 0): Promise<ReceivedHook> {
    for (let i = 0; i < 200; i++) {
      const found = received.slice(after).find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no matching webhook arrived (${received.length} received)`);
  }

  return {
    url,
    received,
    setSecret: (value: string) => void (secret = value),
    waitFor,
    /** The first event of `type` after the first `after` calls. */
    event: (type: WebhookEvent['type'], after = 0) => waitFor((h) => h.event.type === type, after),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
