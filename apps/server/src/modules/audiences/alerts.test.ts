import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDelivery, AlertEvent, AudienceAlert, AudienceConfig } from '@murmur/core/api';
import { buildIndex, liveEngine, LIVE_BUILD_OPTIONS, type LiveAudienceEngine } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { readyEngine } from '../../engine/engine-holder';
import { hmac, safeEqual } from '../../lib/crypto';
import { isBlockedAddress, postJson } from '../../lib/outbound-post';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';
import { createAlertsRepository } from './alerts.repository';
import { createAlertsService, fires, WEBHOOK_BACKOFF_MS } from './alerts.service';

const DAY = 24 * 60 * 60 * 1000;
const speakers = { languages: [{ label: 'English' }, { label: 'Japanese' }] };
const inJapan = { ...speakers, countries: [{ label: 'Japan', id: 'JP' }] };

/** A webhook receiver as an advertiser would write one: it checks the signature and the timestamp. */
interface Received {
  event: AlertEvent;
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
let engine: LiveAudienceEngine;
let alice: TestSession;
let bob: TestSession;
let saved: AudienceConfig;
const kit = teamKit(() => t);

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({
        event: JSON.parse(body) as AlertEvent,
        headers: req.headers,
        verified: verify(req.headers['murmur-signature'] as string | undefined, body, signingSecret),
      });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/murmur`;
  const network = generateNetwork({ accounts: 3000, seed: 'history-tests' });
  engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
  t = await createTestApp({}, { engine: readyEngine(engine) });
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
  saved = await kit.createConfig(alice, {
    name: 'Speakers <b>',
    kind: 'saved_list',
    targeting_package: speakers,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestSession = alice, payload?: object) =>
  t.app.inject({ method, url, headers: who.tokenAuth, ...(payload && { payload }) });
const addAlert = (body: object, who: TestSession = alice, id = saved.id) =>
  inject('POST', `/api/audience-configs/${id}/alerts/`, who, body);

describe('alerts on an audience', () => {
  let sizeRule: AudienceAlert;
  let panelRule: AudienceAlert;

  it('are added with mail and/or a webhook, and refused with a reason when malformed', async () => {
    const res = await addAlert({ kind: 'size', threshold: 5, email: true, webhook_url: receiverUrl });
    expect(res.statusCode, res.body).toBe(201);
    sizeRule = res.json<AudienceAlert>();
    expect(sizeRule).toMatchObject({ kind: 'size', threshold: 5, email: true, webhook_url: receiverUrl });
    expect(sizeRule.webhook_secret).toMatch(/^whsec_/);
    signingSecret = sizeRule.webhook_secret!;
    panelRule = (await addAlert({ kind: 'panel', threshold: 5, email: true })).json<AudienceAlert>();
    expect(panelRule.webhook_secret).toBeNull();

    for (const [body, field] of [
      [{ kind: 'size', threshold: 5, email: false }, 'email'],
      [{ kind: 'size', threshold: 0 }, 'threshold'],
      [{ kind: 'panel', threshold: 150 }, 'threshold'],
      [{ kind: 'size', threshold: 5, webhook_url: 'ftp://example.com/' }, 'webhook_url'],
      [{ kind: 'nothing', threshold: 5 }, 'kind'],
    ] as const) {
      const bad = await addAlert(body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json<object>())).toContain(field);
    }
    const list = (await inject('GET', `/api/audience-configs/${saved.id}/alerts/`)).json<{
      results: AudienceAlert[];
    }>();
    expect(list.results.map((a) => a.id)).toEqual([sizeRule.id, panelRule.id]);
  });

  it('are their creator’s: another user gets 404 on the audience and on the rules', async () => {
    expect((await addAlert({ kind: 'size', threshold: 5 }, bob)).statusCode).toBe(404);
    expect((await inject('GET', `/api/audience-configs/${saved.id}/alerts/`, bob)).statusCode).toBe(404);
    expect((await inject('POST', `/api/audience-alerts/${sizeRule.id}/test/`, bob)).statusCode).toBe(404);
    expect((await inject('GET', `/api/audience-alerts/${sizeRule.id}/deliveries/`, bob)).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/api/audience-alerts/${sizeRule.id}/`, bob)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/audience-alerts/${sizeRule.id}/test/` })).statusCode,
    ).toBe(403);
  });

  it('"send test event" reaches the webhook, signed, and the mailbox, with the name escaped', async () => {
    const res = await inject('POST', `/api/audience-alerts/${sizeRule.id}/test/`);
    expect(res.statusCode, res.body).toBe(200);
    const deliveries = res.json<{ results: AlertDelivery[] }>().results;
    expect(deliveries.map((d) => [d.channel, d.state])).toEqual([
      ['email', 'sent'],
      ['webhook', 'sent'],
    ]);
    const hook = received.at(-1)!;
    expect(hook.verified).toBe(true);
    expect(hook.headers['murmur-event']).toBe('test');
    expect(hook.event).toMatchObject({ type: 'test', audience: { id: saved.id, name: 'Speakers <b>' } });
    const mail = t.mailer.last('alice@example.com');
    expect(mail.subject).toBe('Test alert for “Speakers <b>”');
    expect(mail.html).not.toContain('<b>');
    // A signature made with another secret is not the rule's.
    expect(
      verify(hook.headers['murmur-signature'] as string, JSON.stringify(hook.event), 'whsec_other'),
    ).toBe(false);
  });

  it('fire on the next day’s point when the audience moved beyond noise and the threshold, once', async () => {
    await inject('GET', `/api/audience-configs/${saved.id}/history/`);
    const before = received.length;
    const inJapanNow = engine.describeAccounts(engine.evaluate(pkg(inJapan)).accounts.toArray());
    engine.apply(
      inJapanNow
        .filter((_, i) => i % 2 === 0)
        .map((a, i) => ({
          type: 'user-suspend' as const,
          key: `alert-suspend-${i}`,
          at: Date.now(),
          user: a.id,
        })),
    );
    t.clock.advance(DAY);
    // The day's point is measured (here on demand; the scheduled run does the same) and the rules evaluated.
    await inject('GET', `/api/audience-configs/${saved.id}/history/`);
    const fired = received.slice(before);
    expect(fired).toHaveLength(1);
    expect(fired[0]!.verified).toBe(true);
    expect(fired[0]!.event.type).toBe('audience.changed');
    expect(fired[0]!.event.size_change).toBeLessThan(-0.05);
    expect(fired[0]!.event.from?.day).not.toBe(fired[0]!.event.to?.day);
    // Both rules mailed: the size rule and the panel rule (Japan's share fell by > 5 points).
    const mails = t.mailer.sent.filter(
      (m) => m.to === 'alice@example.com' && m.subject === '“Speakers <b>” changed',
    );
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes('Japan'))).toBe(true);
    // Asked again the same day: no second alert.
    await inject('GET', `/api/audience-configs/${saved.id}/history/`);
    expect(received.length - before).toBe(1);
    const rules = (await inject('GET', `/api/audience-configs/${saved.id}/alerts/`)).json<{
      results: AudienceAlert[];
    }>();
    expect(rules.results.every((r) => r.last_fired_day !== null)).toBe(true);
  });

  it('a webhook that fails is retried with backoff, and the log says so', async () => {
    answers.push(500);
    const res = await inject('POST', `/api/audience-alerts/${sizeRule.id}/test/`);
    const hook = res.json<{ results: AlertDelivery[] }>().results.find((d) => d.channel === 'webhook')!;
    expect(hook).toMatchObject({ state: 'pending', attempts: 1, response_status: 500 });
    const wait = Date.parse(hook.next_attempt_at!) - t.clock.now().getTime();
    expect(wait).toBeGreaterThan(WEBHOOK_BACKOFF_MS[0] - 5_000);
    expect(wait).toBeLessThanOrEqual(WEBHOOK_BACKOFF_MS[0]);
    // The scheduled retry, as the server runs it every minute.
    const retries = createAlertsService({
      repo: createAlertsRepository(t.db),
      configs: { readable: () => Promise.reject(new Error('retries read no caller')) },
      inTransaction: () => Promise.reject(new Error('retries send no mail')),
      outbox: undefined as never,
      clock: t.clock,
      secret: t.config.sessionSecret,
      publicUrl: t.config.publicUrl,
      webhooks: { allowPrivate: true, timeoutMs: 5_000 },
    });
    expect(await retries.deliverDue()).toBe(0);
    t.clock.advance(WEBHOOK_BACKOFF_MS[0]);
    expect(await retries.deliverDue()).toBe(1);
    expect(received.at(-1)!.verified).toBe(true);
    const log = (await inject('GET', `/api/audience-alerts/${sizeRule.id}/deliveries/`)).json<{
      results: AlertDelivery[];
    }>();
    expect(log.results.find((d) => d.id === hook.id)).toMatchObject({
      state: 'sent',
      attempts: 2,
      response_status: 200,
    });
  });

  it('a deleted rule is gone, its log with it', async () => {
    expect((await inject('DELETE', `/api/audience-alerts/${panelRule.id}/`)).statusCode).toBe(204);
    expect((await inject('GET', `/api/audience-alerts/${panelRule.id}/deliveries/`)).statusCode).toBe(404);
  });
});

describe('which rules fire', () => {
  const change = (difference: number) => ({
    field: 'country' as const,
    value: 'JP',
    label: 'Japan',
    from: { count: 100, share: 0.2, low: 0.18, high: 0.22, at_most: false },
    to: { count: 100, share: 0.2 + difference, low: 0, high: 1, at_most: false },
    difference,
    p: 0,
    q: 0,
  });
  it('size: beyond noise and the threshold; panel: a listed change above the threshold', () => {
    expect(fires({ kind: 'size', threshold: 5 }, { change: -0.06, significant: true }, [])).toBe(true);
    expect(fires({ kind: 'size', threshold: 5 }, { change: -0.06, significant: false }, [])).toBe(false);
    expect(fires({ kind: 'size', threshold: 10 }, { change: 0.06, significant: true }, [])).toBe(false);
    expect(fires({ kind: 'panel', threshold: 5 }, { change: 0, significant: false }, [change(-0.04)])).toBe(
      false,
    );
    expect(fires({ kind: 'panel', threshold: 5 }, { change: 0, significant: false }, [change(0.051)])).toBe(
      true,
    );
  });
});

describe('webhooks reach no address of our own networks', () => {
  it('private, loopback, link-local and reserved addresses are blocked', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isBlockedAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8'])
      expect(isBlockedAddress(a), a).toBe(false);
  });

  it('a call to one is refused before it is made, by literal address and by name', async () => {
    const opts = { allowPrivate: false, timeoutMs: 2_000 };
    await expect(postJson(receiverUrl, '{}', {}, opts)).rejects.toThrow(/may not reach/);
    await expect(postJson(receiverUrl.replace('127.0.0.1', 'localhost'), '{}', {}, opts)).rejects.toThrow(
      /may not reach/,
    );
    await expect(postJson('http://[::1]:9/x', '{}', {}, opts)).rejects.toThrow(/may not reach/);
  });
});
