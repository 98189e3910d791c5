import { afterAll, describe, expect, it } from 'vitest';
import { deliveryTestKit, type DeliveryTestKit } from './delivery-test-kit';

type App = DeliveryTestKit['twin'];
// A US user opens an ad account on both apps, so budgets below are in US dollars.
const {
  kit,
  twin,
  start,
  DAY,
  headers,
  opened,
  account,
  base,
  us,
  star,
  iso,
  send,
  launch: launchCampaign,
  close,
} = await deliveryTestKit();
afterAll(close);

type StatsBody = { data: { id_data: { metrics: Series }[] }[] };
interface Launch {
  daily: number;
  total?: number;
  objective?: string;
  bid?: number;
  criteria?: [string, string][];
  tweets?: number;
}

/** One line item with its criteria (the US by default) promoting `tweets` posts (one by default). */
async function launch(
  app: App,
  o: Launch,
): Promise<{ campaign: string; lineItem: string; promoted: string[] }> {
  const { campaign, lineItems } = await launchCampaign(app, {
    name: 'Stats',
    daily: o.daily,
    ...(o.total ? { total: o.total } : {}),
    objective: o.objective ?? 'WEBSITE_CLICKS',
    ...(o.bid ? { bid: o.bid } : {}),
    lineItems: [
      {
        criteria: o.criteria ?? [['LOCATION', us]],
        posts: Array.from({ length: o.tweets ?? 1 }, (_, k) => 10 + k),
      },
    ],
  });
  return { campaign, lineItem: lineItems[0]!.id, promoted: lineItems[0]!.promoted };
}

type Series = Record<string, number[] | null>;
async function stats(
  app: App,
  entity: string,
  ids: string[],
  from: number,
  to: number,
  granularity = 'DAY',
  groups = 'ENGAGEMENT,BILLING',
) {
  const url = `/ads/12/stats/accounts/${account.id}?entity=${entity}&entity_ids=${ids.join(',')}&start_time=${iso(from)}&end_time=${iso(to)}&granularity=${granularity}&metric_groups=${groups}&placement=ALL_ON_TWITTER`;
  return send(app, { method: 'GET', url, headers });
}
const metricsOf = async (
  app: App,
  entity: string,
  id: string,
  from: number,
  to: number,
  granularity = 'DAY',
): Promise<Series> =>
  (await stats(app, entity, [id], from, to, granularity)).json<StatsBody>().data[0]!.id_data[0]!.metrics;
const sum = (xs: number[] | null | undefined) => (xs ?? []).reduce((s, x) => s + x, 0);

// Both apps get the same requests at the same sandbox times.
const big = { daily: 40_000_000, total: 100_000_000, bid: 3_000_000 };
const [first, second] = [await launch(kit.app, big), await launch(twin, big)];
const paced = await launch(kit.app, { daily: 25_000_000, objective: 'ENGAGEMENTS', tweets: 3 });
const niche = await launch(kit.app, {
  daily: 1_000_000_000_000,
  objective: 'AWARENESS',
  criteria: [['FOLLOWER_LOOK_ALIKES', kit.network.accounts.ids[star]!.toString()]],
});
const idle = await launch(kit.app, { daily: 25_000_000, tweets: 0 });
kit.clock.now = start + 4 * DAY;

describe('stats from the delivery simulation', () => {
  it('are deterministic: the same history gives the same ids and numbers', async () => {
    expect(account.currency).toBe('USD');
    expect(opened[1]!.json().data.id).toBe(account.id);
    expect(second).toEqual(first);
    const a = await metricsOf(kit.app, 'CAMPAIGN', first.campaign, start, start + 4 * DAY, 'HOUR');
    const b = await metricsOf(twin, 'CAMPAIGN', second.campaign, start, start + 4 * DAY, 'HOUR');
    expect(sum(a.impressions)).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(await metricsOf(kit.app, 'CAMPAIGN', first.campaign, start, start + 4 * DAY, 'HOUR')).toEqual(a);
  });

  it('never spends more than the daily or the total budget', async () => {
    const m = await metricsOf(kit.app, 'CAMPAIGN', first.campaign, start, start + 4 * DAY);
    const spend = m.billed_charge_local_micro!;
    expect(spend.every((d) => d <= big.daily)).toBe(true);
    expect(sum(spend)).toBeLessThanOrEqual(big.total);
    // A broad audience with a high bid exhausts the budget: two full days, then the rest of the total.
    expect(spend[0]).toBeGreaterThan(big.daily * 0.9);
    expect(sum(spend)).toBeGreaterThan(big.total * 0.9);
    expect(spend[3]).toBe(0);
    const paid = await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start, start + 4 * DAY);
    expect(paid.billed_charge_local_micro!.every((d) => d <= 25_000_000 && d > 20_000_000)).toBe(true);
  });

  it('caps impressions by the audience and frequency when the budget is no limit', async () => {
    const m = await metricsOf(kit.app, 'LINE_ITEM', niche.lineItem, start, start + 4 * DAY);
    const audience = kit.network.graph.followers(star).length * kit.network.config.scale;
    expect(Math.max(...m.impressions!)).toBeLessThanOrEqual(audience * 0.42 * 3 * 1.3);
    expect(Math.max(...m.impressions!)).toBeGreaterThan(0);
  });

  it('shows plausible engagement: X-like CTR and engagement rate, clicks within engagements', async () => {
    const m = await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start, start + 4 * DAY, 'TOTAL');
    const [impressions, engagements, clicks, urlClicks] = [
      m.impressions![0]!,
      m.engagements![0]!,
      m.clicks![0]!,
      m.url_clicks![0]!,
    ];
    expect(urlClicks / impressions).toBeGreaterThan(0.002);
    expect(urlClicks / impressions).toBeLessThan(0.03);
    expect(engagements / impressions).toBeGreaterThan(0.005);
    expect(engagements / impressions).toBeLessThan(0.06);
    expect(clicks).toBeGreaterThanOrEqual(urlClicks);
    expect(engagements).toBeGreaterThanOrEqual(clicks);
    expect(m.billed_engagements![0]).toBeLessThanOrEqual(engagements);
  });

  it('adds up: hours to days to the total, promoted posts to their line item, line items to the account', async () => {
    const hours = await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start, start + 4 * DAY, 'HOUR');
    const days = await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start, start + 4 * DAY, 'DAY');
    const total = await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start, start + 4 * DAY, 'TOTAL');
    expect(hours.impressions).toHaveLength(96);
    expect(sum(hours.impressions)).toBe(sum(days.impressions));
    expect(sum(days.billed_charge_local_micro)).toBe(total.billed_charge_local_micro![0]);
    const perPost = await Promise.all(
      paced.promoted.map((id) => metricsOf(kit.app, 'PROMOTED_TWEET', id, start, start + 4 * DAY, 'TOTAL')),
    );
    expect(
      Math.abs(perPost.reduce((s, m) => s + m.impressions![0]!, 0) - total.impressions![0]!),
    ).toBeLessThanOrEqual(3);
    const account_ = await metricsOf(kit.app, 'ACCOUNT', account.id, start, start + 4 * DAY, 'TOTAL');
    const campaigns = await Promise.all(
      [first, paced, niche].map((l) =>
        metricsOf(kit.app, 'CAMPAIGN', l.campaign, start, start + 4 * DAY, 'TOTAL'),
      ),
    );
    expect(account_.impressions![0]).toBe(campaigns.reduce((s, m) => s + m.impressions![0]!, 0));
  });

  it('delivers nothing without promoted posts, before creation, in the future or while paused', async () => {
    expect(
      (await metricsOf(kit.app, 'CAMPAIGN', idle.campaign, start, start + 4 * DAY)).impressions,
    ).toBeNull();
    expect(
      (await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start - 2 * DAY, start)).impressions,
    ).toBeNull();
    expect(
      (await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start + 4 * DAY, start + 6 * DAY)).impressions,
    ).toBeNull();
    const before = await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start, start + 4 * DAY);
    await kit.app.inject({
      method: 'PUT',
      url: `${base}/campaigns/${paced.campaign}`,
      headers,
      payload: { entity_status: 'PAUSED' },
    });
    kit.clock.now += DAY;
    const after = await metricsOf(kit.app, 'CAMPAIGN', paced.campaign, start, start + 5 * DAY);
    // Pausing stops what comes next and leaves what was delivered untouched.
    expect(after.impressions!.slice(0, 4)).toEqual(before.impressions);
    expect(after.impressions![4]).toBe(0);
  });

  it('validates the query like X', async () => {
    const error = async (r: Promise<{ json: () => { errors: { code: string; parameter?: string }[] } }>) =>
      (await r).json().errors[0]!;
    expect(
      await error(stats(kit.app, 'CAMPAIGN', [paced.campaign], start + 3600, start + DAY)),
    ).toMatchObject({ parameter: 'start_time' });
    expect(await error(stats(kit.app, 'CAMPAIGN', [paced.campaign], start, start + 8 * DAY))).toMatchObject({
      parameter: 'end_time',
    });
    expect(await error(stats(kit.app, 'CAMPAIGN', ['zzzzz'], start, start + DAY))).toMatchObject({
      parameter: 'entity_ids',
    });
    expect(
      await error(stats(kit.app, 'CAMPAIGN', [paced.campaign], start, start + DAY, 'DAY', 'VIDEO')),
    ).toMatchObject({ parameter: 'metric_groups' });
    expect(
      await error(
        stats(
          kit.app,
          'CAMPAIGN',
          Array.from({ length: 21 }, (_, k) => `c${k}`),
          start,
          start + DAY,
        ),
      ),
    ).toMatchObject({ parameter: 'entity_ids' });
    const body = (
      await stats(kit.app, 'LINE_ITEM', [paced.lineItem], start, start + DAY, 'HOUR', 'BILLING')
    ).json<StatsBody>();
    expect(body).toMatchObject({ data_type: 'stats', time_series_length: 24 });
    expect(Object.keys(body.data[0]!.id_data[0]!.metrics)).toEqual([
      'billed_engagements',
      'billed_charge_local_micro',
    ]);
  });
});
