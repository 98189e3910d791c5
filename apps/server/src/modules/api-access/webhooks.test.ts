import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AudienceConfig,
  CreatedApiKey,
  CreatedWebhook,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEvent,
} from '@murmur/core/api';
import { hmac, safeEqual } from '../../lib/crypto';
import { WEBHOOK_BACKOFF_MS } from '../../lib/webhook-signature';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';
import { createApiAccessModule } from '.';

/** A receiver as a customer would write one: it checks the signature against the endpoint's secret. */
interface Received {
  event: WebhookEvent;
  headers: IncomingHttpHeaders;
  verified: boolean;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Status codes the receiver answers, in turn (then 200). */
const answers: number[] = [];
let signingSecret = '';

function verify(header: string | undefined, body: string, secret: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isFinite(t) || !parts.v1) return false;
  return safeEqual(parts.v1, hmac(secret, `${t}.${body}`));
}

let t: TestApp;
let alice: TestSession;
let team: { id: number; slug: string };
const kit = teamKit(() => t);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({
        event: JSON.parse(body) as WebhookEvent,
        headers: req.headers,
        verified: verify(req.headers['murmur-signature'] as string | undefined, body, signingSecret),
      });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/murmur`;
  const network = await testNetwork();
  t = await createTestApp({}, { engine: network.holder });
  alice = await t.signIn('alice@example.com');
  team = await kit.createTeam(alice, 'Hooked agency');
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const hooks = () => `/api/teams/${team.slug}/webhooks/`;

async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('nothing arrived');
}

async function deliveries(id: number): Promise<WebhookDelivery[]> {
  const res = await t.app.inject({ url: `${hooks()}${id}/deliveries/`, headers: alice.tokenAuth });
  expect(res.statusCode).toBe(200);
  return res.json<WebhookDelivery[]>();
}

describe('team webhooks', () => {
  let endpoint: CreatedWebhook;

  it('an admin adds an endpoint; the secret is shown once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: hooks(),
      headers: alice.tokenAuth,
      payload: { url: receiverUrl, events: ['audience.saved', 'audience.deleted'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    endpoint = res.json<CreatedWebhook>();
    expect(endpoint.secret).toMatch(/^whsec_/);
    signingSecret = endpoint.secret;
    const list = await t.app.inject({ url: hooks(), headers: alice.tokenAuth });
    expect(list.json<WebhookEndpoint[]>()).toEqual([
      {
        id: endpoint.id,
        url: receiverUrl,
        events: ['audience.saved', 'audience.deleted'],
        created: endpoint.created,
      },
    ]);
  });

  it('"Send test" delivers a signed test event', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${hooks()}${endpoint.id}/test/`,
      headers: alice.tokenAuth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WebhookDelivery>()).toMatchObject({
      event_type: 'test',
      state: 'sent',
      attempts: 1,
      response_status: 200,
    });
    const got = received.at(-1)!;
    expect(got.event).toMatchObject({ type: 'test', team: { id: team.id, slug: team.slug } });
    expect(got.headers['murmur-event']).toBe('test');
    expect(got.verified).toBe(true);
    // The receiver's own check fails with another secret: the signature is the endpoint's.
    expect(verify(got.headers['murmur-signature'] as string, JSON.stringify(got.event), 'whsec_other')).toBe(
      false,
    );
  });

  it('sends audience.saved when the team saves an audience', async () => {
    const before = received.length;
    const saved: AudienceConfig = await kit.createConfig(alice, {
      name: 'Hooked speakers',
      kind: 'saved_list',
      targeting_package: { languages: [{ label: 'English' }] },
      team: team.slug,
    });
    const got = await waitFor(() => received.slice(before).find((r) => r.event.type === 'audience.saved'));
    expect(got.verified).toBe(true);
    expect(got.event.subject).toEqual({ kind: 'audience', id: saved.id, name: 'Hooked speakers' });
  });

  it('retries a failing receiver with backoff and logs each attempt', async () => {
    answers.push(500);
    const res = await t.app.inject({
      method: 'POST',
      url: `${hooks()}${endpoint.id}/test/`,
      headers: alice.tokenAuth,
    });
    const first = res.json<WebhookDelivery>();
    expect(first).toMatchObject({ state: 'pending', attempts: 1, response_status: 500 });
    expect(first.last_error).toBe('The receiver answered 500.');
    const wait = Date.parse(first.next_attempt_at!) - t.clock.now().getTime();
    expect(wait).toBeGreaterThan(WEBHOOK_BACKOFF_MS[0] - 5_000);
    expect(wait).toBeLessThanOrEqual(WEBHOOK_BACKOFF_MS[0]);

    // The scheduled retry, as the server runs it every minute.
    const retries = createApiAccessModule({
      db: t.db,
      clock: t.clock,
      teams: { adminAccess: () => Promise.reject(new Error('not used')) },
      secret: t.config.sessionSecret,
      log: t.app.log,
      allowPrivateWebhooks: true,
    }).webhooksService;
    expect(await retries.deliverDue()).toBe(0);
    t.clock.advance(WEBHOOK_BACKOFF_MS[0]);
    expect(await retries.deliverDue()).toBe(1);
    const log = await deliveries(endpoint.id);
    expect(log.find((d) => d.id === first.id)).toMatchObject({
      state: 'sent',
      attempts: 2,
      response_status: 200,
    });
    expect(received.at(-1)!.verified).toBe(true);
  });

  it('a key with webhooks:manage lists endpoints; one without cannot', async () => {
    const make = async (scopes: string[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/teams/${team.slug}/api-keys/`,
        headers: alice.tokenAuth,
        payload: { name: 'hooks', scopes },
      });
      return res.json<CreatedApiKey>().key;
    };
    const manage = await make(['webhooks:manage']);
    const ok = await t.app.inject({ url: hooks(), headers: { authorization: `Bearer ${manage}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<WebhookEndpoint[]>().map((e) => e.id)).toEqual([endpoint.id]);
    const read = await make(['audiences:read']);
    const refused = await t.app.inject({ url: hooks(), headers: { authorization: `Bearer ${read}` } });
    expect(refused.statusCode).toBe(403);
  });

  it('deleting an endpoint stops its events', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${hooks()}${endpoint.id}/`,
      headers: alice.tokenAuth,
    });
    expect(res.statusCode).toBe(204);
    const gone = await t.app.inject({
      url: `${hooks()}${endpoint.id}/deliveries/`,
      headers: alice.tokenAuth,
    });
    expect(gone.statusCode).toBe(404);
  });
});
