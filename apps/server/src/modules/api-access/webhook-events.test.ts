import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTo } from '@murmur/sandbox';
import type {
  AdCreative,
  Adset,
  AudienceConfig,
  Campaign,
  CreatedWebhook,
  StatsTotal,
  UploadedAudience,
  WebhookDelivery,
} from '@murmur/core/api';
import { currencyFromX } from '@murmur/core/format';
import { subscriptions } from '../../db/schema';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';
import { seedGroup } from '../../test/seed';
import type { TestSession } from '../../test/test-app';
import { startWebhookReceiver } from '../../test/webhook-receiver';

// Every team webhook event (docs/API-KEYS.md "Webhooks") from what really causes it — the API for
// audiences and campaigns, the sandbox's X over HTTP for uploads (processing in simulated time) and
// delivery (its stats) — received by a customer's receiver on loopback, which checks each signature.

const kit = useSandboxTestApp({ seed: 'webhook-events-tests' });
/** docs/API-KEYS.md: the impressions at which a campaign's delivery is announced; the largest reached. */
const milestoneOf = (impressions: number) =>
  [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000].filter((m) => impressions >= m).at(-1) ?? 0;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let admin: TestSession;
let team: { teamId: number; slug: string; accountId: string; currency: string };
let endpoint: CreatedWebhook;
let xUserId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  admin = await kit.t.signIn('hooks-admin@example.com');
  await seedGroup(kit.t.db, admin.user.id, 'Audience_creator');
  xUserId = await kit.storeXToken(admin, 0);
  team = await kit.teamWithAdAccount(admin, xUserId);
  // The admin's ad accounts read from X, as the screens read them (an upload's grant needs them).
  expect((await kit.call(admin, 'GET', '/api/user/accounts/')).statusCode).toBe(200);
  await kit.t.db
    .insert(subscriptions)
    .values({ teamId: team.teamId, active: true, start: new Date('2026-01-01T00:00:00Z'), planName: 'Pro' });
  const res = await kit.call(admin, 'POST', `/api/teams/${team.slug}/webhooks/`, {
    url: receiver.url,
    events: [
      'audience.saved',
      'audience.changed',
      'audience.upload_ready',
      'audience.upload_too_small',
      'campaign.published',
      'campaign.paused',
      'campaign.delivery_milestone',
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  endpoint = res.json<CreatedWebhook>();
  receiver.setSecret(endpoint.secret);
}, 180_000);
afterAll(() => receiver.close());

/** The event arrived signed with the endpoint's secret, for this team, and is in the delivery log. */
async function expectDelivered(type: string, subject: { kind: string; id: number | null; name: string }) {
  const hook = await receiver.event(type as CreatedWebhook['events'][number]);
  expect(hook.verified, `${type} signed`).toBe(true);
  expect(hook.headers['murmur-event']).toBe(type);
  expect(hook.event.team).toEqual({ id: team.teamId, slug: team.slug });
  expect(hook.event.subject).toEqual(subject);
  // The log records the answer once the call is over: asked until it has (no timing asserted).
  const logged = async () => {
    const url = `/api/teams/${team.slug}/webhooks/${endpoint.id}/deliveries/`;
    const log = (await kit.call(admin, 'GET', url)).json<WebhookDelivery[]>();
    return log.find((d) => d.event_type === type && d.state === 'sent');
  };
  let delivery = await logged();
  for (let i = 0; i < 100 && !delivery; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    delivery = await logged();
  }
  expect(delivery, `${type} logged as sent`).toMatchObject({ state: 'sent', response_status: 200 });
  return hook;
}

async function saveAudience(name: string, pkg: object): Promise<AudienceConfig> {
  const res = await kit.call(admin, 'POST', '/api/audience-configs/', {
    name,
    team: team.slug,
    targeting_package: pkg,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AudienceConfig>();
}

async function upload(config: AudienceConfig): Promise<UploadedAudience> {
  const res = await kit.call(admin, 'POST', '/api/uploaded-audiences/', {
    audience_config: config.id,
    team: team.slug,
    account_id: team.accountId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadedAudience>();
}

describe('team webhook events, each received and verified', () => {
  let speakers: AudienceConfig;

  it('audience.saved and audience.changed', async () => {
    speakers = await saveAudience('Hook speakers', { languages: [{ label: 'English' }] });
    await expectDelivered('audience.saved', { kind: 'audience', id: speakers.id, name: 'Hook speakers' });
    const changed = await kit.call(admin, 'PUT', `/api/audience-configs/${speakers.id}/`, {
      name: 'Hook speakers (EN)',
      team: team.slug,
      targeting_package: { languages: [{ label: 'English' }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectDelivered('audience.changed', {
      kind: 'audience',
      id: speakers.id,
      name: 'Hook speakers (EN)',
    });
  });

  it('audience.upload_ready and audience.upload_too_small, when X has processed the uploads', async () => {
    const big = await upload(speakers);
    // The followers of an account with a few dozen of them: fewer than X's 100 to target.
    const { inDegree } = kit.network.graph;
    const quiet = inDegree.findIndex((followers) => followers >= 20 && followers <= 60);
    const few = await saveAudience('Hook few', {
      handles: [{ handle: kit.network.accounts.handles[quiet]! }],
    });
    const small = await upload(few);
    expect(small.uploaded_count).toBeLessThan(100);
    // X processes them in simulated time; the uploads list asks X how they are doing.
    advanceTo(kit.network, kit.network.clock.now + 2 * 3600);
    kit.t.clock.advance(10_000);
    const listed = (await kit.call(admin, 'GET', `/api/uploaded-audiences/?team=${team.slug}`)).json<
      UploadedAudience[]
    >();
    expect(listed.map((u) => [u.id, u.state]).sort()).toEqual(
      [
        [big.id, 'ready'],
        [small.id, 'failed'],
      ].sort(),
    );
    await expectDelivered('audience.upload_ready', {
      kind: 'upload',
      id: big.id,
      name: 'Hook speakers (EN)',
    });
    await expectDelivered('audience.upload_too_small', { kind: 'upload', id: small.id, name: 'Hook few' });
  });

  it('campaign.published, campaign.delivery_milestone from X’s stats, campaign.paused', async () => {
    const campaign = (
      await kit.call(admin, 'POST', '/api/campaigns/', {
        team: team.slug,
        name: 'Hook week',
        objective: 'REACH',
        ad_account_id: team.accountId,
        currency: currencyFromX(team.currency),
        budget_type: 'daily',
        daily_budget: 500,
      })
    ).json<Campaign>();
    const adset = (
      await kit.call(admin, 'POST', '/api/adsets/', {
        campaign: campaign.id,
        name: 'Speakers',
        audience_config: speakers.id,
        placements: ['homeTimelines'],
      })
    ).json<Adset>();
    const creative = (
      await kit.call(admin, 'POST', '/api/ad-creatives/', { team: team.slug, name: 'Hello', text: 'Hello' })
    ).json<AdCreative>();
    const ad = await kit.call(admin, 'POST', `/api/campaigns/${campaign.id}/ads/`, {
      adset: adset.id,
      creative: creative.id,
    });
    expect(ad.statusCode, ad.body).toBe(201);
    const published = await kit.call(admin, 'PATCH', `/api/campaigns/${campaign.id}/`, { status: 'Active' });
    expect(published.statusCode, published.body).toBe(200);
    await expectDelivered('campaign.published', { kind: 'campaign', id: campaign.id, name: 'Hook week' });

    // Simulated days of delivery on X; the sync reads X's stats and announces the milestone reached.
    advanceTo(kit.network, kit.network.clock.now + 3 * 86_400);
    const stats = (
      await kit.call(admin, 'GET', `/api/campaigns/${campaign.id}/statstotal/`)
    ).json<StatsTotal>();
    const milestone = milestoneOf(stats.totals.impressions);
    expect(milestone, `${stats.totals.impressions} impressions`).toBeGreaterThanOrEqual(100);
    const hook = await expectDelivered('campaign.delivery_milestone', {
      kind: 'campaign',
      id: campaign.id,
      name: 'Hook week',
    });
    expect(hook.event.detail).toEqual({ metric: 'impressions', milestone, value: stats.totals.impressions });
    // Synced again with no new milestone: not announced again.
    kit.t.clock.advance(60_000);
    await kit.call(admin, 'GET', `/api/campaigns/${campaign.id}/statstotal/`);
    const paused = await kit.call(admin, 'PATCH', `/api/campaigns/${campaign.id}/`, { status: 'Paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    await expectDelivered('campaign.paused', { kind: 'campaign', id: campaign.id, name: 'Hook week' });
    expect(receiver.received.filter((h) => h.event.type === 'campaign.delivery_milestone')).toHaveLength(1);
  });
});
