import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceAlert, AudienceConfig, CreatedWebhook } from '@murmur/core/api';
import { buildIndex, liveEngine, LIVE_BUILD_OPTIONS, type LiveAudienceEngine } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { readyEngine } from '../../engine/engine-holder';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { teamKit } from '../../test/team-kit';
import { startWebhookReceiver } from '../../test/webhook-receiver';
import { pkg } from './audience-test-kit';

// A saved audience's alerts (docs/API-AUDIENCES.md "Alerts") reach the team's webhooks
// (`audience.alert`, docs/API-KEYS.md "Webhooks") when a rule on a team audience fires on a new day's
// point; a personal audience's alert does not.

const DAY = 24 * 60 * 60 * 1000;
const speakers = { languages: [{ label: 'English' }, { label: 'Japanese' }] };
const inJapan = { ...speakers, countries: [{ label: 'Japan', id: 'JP' }] };

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let t: TestApp;
let engine: LiveAudienceEngine;
let alice: TestSession;
let team: { id: number; slug: string };
let teamAudience: AudienceConfig;
let personal: AudienceConfig;
const kit = teamKit(() => t);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const network = generateNetwork({ accounts: 3000, seed: 'history-tests' });
  engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
  t = await createTestApp({}, { engine: readyEngine(engine) });
  alice = await t.signIn('alice@example.com');
  team = await kit.createTeam(alice, 'Alerting agency');
  teamAudience = await kit.createConfig(alice, {
    name: 'Team speakers',
    kind: 'saved_list',
    targeting_package: speakers,
    team: team.slug,
  });
  personal = await kit.createConfig(alice, {
    name: 'My speakers',
    kind: 'saved_list',
    targeting_package: speakers,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: alice.tokenAuth, ...(payload && { payload }) });

describe('history alerts as team webhooks', () => {
  it('a size rule that fires on a team audience sends a signed audience.alert to the team endpoint', async () => {
    const hook = await inject('POST', `/api/teams/${team.slug}/webhooks/`, {
      url: receiver.url,
      events: ['audience.alert'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    receiver.setSecret(hook.json<CreatedWebhook>().secret);
    const rules: AudienceAlert[] = [];
    for (const config of [teamAudience, personal]) {
      const rule = await inject('POST', `/api/audience-configs/${config.id}/alerts/`, {
        kind: 'size',
        threshold: 5,
        email: true,
      });
      expect(rule.statusCode, rule.body).toBe(201);
      rules.push(rule.json<AudienceAlert>());
      // The first day's point.
      await inject('GET', `/api/audience-configs/${config.id}/history/`);
    }

    // Half of the accounts in Japan are suspended: both audiences shrink beyond noise and 5 %.
    const inJapanNow = engine.describeAccounts(engine.evaluate(pkg(inJapan)).accounts.toArray());
    engine.apply(
      inJapanNow
        .filter((_, i) => i % 2 === 0)
        .map((a, i) => ({
          type: 'user-suspend' as const,
          key: `team-alert-${i}`,
          at: Date.now(),
          user: a.id,
        })),
    );
    t.clock.advance(DAY);
    for (const config of [teamAudience, personal]) {
      await inject('GET', `/api/audience-configs/${config.id}/history/`);
    }

    const got = await receiver.event('audience.alert');
    expect(got.verified).toBe(true);
    expect(got.headers['murmur-event']).toBe('audience.alert');
    expect(got.event.team).toEqual({ id: team.id, slug: team.slug });
    expect(got.event.subject).toEqual({ kind: 'audience', id: teamAudience.id, name: 'Team speakers' });
    expect(got.event.detail).toMatchObject({ alert_id: rules[0]!.id, alert_kind: 'size', threshold: 5 });
    expect(got.event.detail!.size_change).toBeLessThan(-0.05);
    expect(typeof got.event.detail!.day).toBe('string');
    // Both rules fired (each mailed its owner); only the team audience's reached the team endpoint.
    const mails = t.mailer.sent.filter((m) => m.to === 'alice@example.com' && m.subject.endsWith('changed'));
    expect(mails).toHaveLength(2);
    const rulesNow = await inject('GET', `/api/audience-configs/${personal.id}/alerts/`);
    expect(rulesNow.json<{ results: AudienceAlert[] }>().results[0]!.last_fired_day).not.toBeNull();
    expect(receiver.received.map((h) => h.event.subject.id)).toEqual([teamAudience.id]);
  });
});
