import { afterAll, describe, expect, it } from 'vitest';
import { deliveryTestKit, type DeliveryTestKit } from './delivery-test-kit';
import type { AdsReply } from './test-kit';

type App = DeliveryTestKit['twin'];
const {
  kit,
  twin,
  start,
  DAY,
  headers,
  account,
  us,
  star,
  iso,
  launch: launchCampaign,
  close,
} = await deliveryTestKit();
afterAll(close);

const starCriterion: [string, string] = ['FOLLOWER_LOOK_ALIKES', kit.network.accounts.ids[star]!.toString()];

/** A campaign with one line item per targeting given, each promoting one post. */
const launch = async (
  app: App,
  daily: number,
  lineItems: [string, string][][],
  objective = 'AWARENESS',
): Promise<string> =>
  (
    await launchCampaign(app, {
      name: 'Reach',
      daily,
      objective,
      lineItems: lineItems.map((criteria, k) => ({ criteria, posts: [20 + k] })),
    })
  ).campaign;

interface ReachRow {
  id: string;
  total_audience_reach: number | null;
  average_frequency: number | null;
}
const reachReply = (app: App, ids: string[], from: number, to: number): Promise<AdsReply> =>
  app.inject({
    method: 'GET',
    url: `/ads/12/stats/accounts/${account.id}/reach/campaigns?campaign_ids=${ids.join(',')}&start_time=${iso(from)}&end_time=${iso(to)}`,
    headers,
  });
const reachOf = async (app: App, id: string, from: number, to: number): Promise<ReachRow> =>
  (await reachReply(app, [id], from, to)).json<{ data: ReachRow[] }>().data[0]!;
const impressionsOf = async (app: App, id: string, from: number, to: number): Promise<number> => {
  const body = (
    await app.inject({
      method: 'GET',
      url: `/ads/12/stats/accounts/${account.id}?entity=CAMPAIGN&entity_ids=${id}&start_time=${iso(from)}&end_time=${iso(to)}&granularity=TOTAL&metric_groups=ENGAGEMENT&placement=ALL_ON_TWITTER`,
      headers,
    })
  ).json<{ data: { id_data: { metrics: { impressions: number[] | null } }[] }[] }>();
  return body.data[0]!.id_data[0]!.metrics.impressions?.[0] ?? 0;
};

// The same requests on both apps at the same sandbox times.
const broad = await launch(kit.app, 30_000_000, [[['LOCATION', us]]]);
const broadTwin = await launch(twin, 30_000_000, [[['LOCATION', us]]]);
// A small audience (one account's followers) with a budget no limit: delivery saturates it.
const niche = await launch(kit.app, 1_000_000_000_000, [[starCriterion]]);
// Two ad sets on the same small audience: the same people, reached once.
const twice = await launch(kit.app, 1_000_000_000_000, [[starCriterion], [starCriterion]]);
const idle = await launch(kit.app, 30_000_000, []);
kit.clock.now = start + 6 * DAY;
const audience = kit.network.graph.followers(star).length * kit.network.config.scale;

describe('reach and average frequency (GET stats/accounts/:id/reach/campaigns)', () => {
  it('answers X shape, deterministically for one seed and history', async () => {
    const reply = await reachReply(kit.app, [broad], start, start + 6 * DAY);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<{ data_type: string; data: ReachRow[] }>();
    expect(body.data_type).toBe('reach');
    expect(body.data[0]!.id).toBe(broad);
    expect(body.data[0]!.total_audience_reach).toBeGreaterThan(0);
    expect(broadTwin).toBe(broad);
    expect(await reachOf(twin, broadTwin, start, start + 6 * DAY)).toEqual(body.data[0]);
    expect(await reachOf(kit.app, broad, start, start + 6 * DAY)).toEqual(body.data[0]);
  });

  it('frequency is the impressions of the window over the reach, never below 1', async () => {
    for (const id of [broad, niche, twice]) {
      for (const [from, to] of [
        [start, start + DAY],
        [start, start + 6 * DAY],
        [start + 2 * DAY, start + 3 * DAY],
      ] as const) {
        const r = await reachOf(kit.app, id, from, to);
        const impressions = await impressionsOf(kit.app, id, from, to);
        expect(impressions).toBeGreaterThan(0);
        expect(r.total_audience_reach!).toBeLessThanOrEqual(impressions);
        expect(r.average_frequency!).toBeGreaterThanOrEqual(1);
        expect(Math.abs(r.average_frequency! - impressions / r.total_audience_reach!)).toBeLessThanOrEqual(
          0.005,
        );
      }
    }
  });

  it('never reaches more people than targeted; a saturated audience is seen several times each', async () => {
    const n = await reachOf(kit.app, niche, start, start + 6 * DAY);
    expect(n.total_audience_reach!).toBeLessThanOrEqual(audience);
    // Six days of unlimited budget over a few thousand people reach most of them, many times over.
    expect(n.total_audience_reach!).toBeGreaterThan(audience * 0.6);
    expect(n.average_frequency!).toBeGreaterThan(2);
    // Two ad sets on the same audience: more impressions, the same people — never counted twice.
    const t = await reachOf(kit.app, twice, start, start + 6 * DAY);
    expect(t.total_audience_reach!).toBeLessThanOrEqual(audience);
    expect(await impressionsOf(kit.app, twice, start, start + 6 * DAY)).toBeGreaterThan(
      await impressionsOf(kit.app, niche, start, start + 6 * DAY),
    );
  });

  it('grows with the window and stays below the sum of its parts', async () => {
    const days = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(
        async (d) => (await reachOf(kit.app, broad, start, start + d * DAY)).total_audience_reach!,
      ),
    );
    for (let d = 1; d < days.length; d++) expect(days[d]!).toBeGreaterThanOrEqual(days[d - 1]!);
    const firstDay = days[0]!;
    const secondDay = (await reachOf(kit.app, broad, start + DAY, start + 2 * DAY)).total_audience_reach!;
    expect(days[1]!).toBeLessThanOrEqual(firstDay + secondDay);
  });

  it('reports null without delivery: no promoted posts, before the campaign, in the future', async () => {
    const none = { total_audience_reach: null, average_frequency: null };
    expect(await reachOf(kit.app, idle, start, start + 6 * DAY)).toMatchObject(none);
    expect(await reachOf(kit.app, broad, start - 3 * DAY, start)).toMatchObject(none);
    expect(await reachOf(kit.app, broad, start + 7 * DAY, start + 9 * DAY)).toMatchObject(none);
  });

  it('validates the query like X', async () => {
    const error = async (r: Promise<AdsReply>) => {
      const reply = await r;
      expect(reply.statusCode).toBe(400);
      return reply.json().errors[0]!;
    };
    expect(await error(reachReply(kit.app, [broad], start + 60, start + DAY))).toMatchObject({
      parameter: 'start_time',
    });
    expect(await error(reachReply(kit.app, [broad], start + DAY, start))).toMatchObject({
      parameter: 'end_time',
    });
    expect(await error(reachReply(kit.app, ['zzzzz'], start, start + DAY))).toMatchObject({
      parameter: 'campaign_ids',
    });
    const many = Array.from({ length: 21 }, (_, k) => `c${k}`);
    expect(await error(reachReply(kit.app, many, start, start + DAY))).toMatchObject({
      parameter: 'campaign_ids',
    });
    const missing = await kit.app.inject({
      method: 'GET',
      url: `/ads/12/stats/accounts/${account.id}/reach/campaigns?start_time=${iso(start)}&end_time=${iso(start + DAY)}`,
      headers,
    });
    expect(missing.statusCode).toBe(400);
  });
});
