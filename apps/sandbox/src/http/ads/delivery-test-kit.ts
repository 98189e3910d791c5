import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { createAdsPlatform } from '../../ads/platform';
import { COUNTRIES } from '@murmur/core/x-catalogue';
import { targetingCriteria } from '@murmur/core/x-catalogue';
import { postId } from '../../model/posts';
import { adsApiPlugin } from './index';
import { adsTestKit, type AdsReply, type AdsTestKit } from './test-kit';

/** A campaign to create through the API: one line item per entry, each with its criteria and posts. */
export interface Launch {
  name: string;
  daily: number;
  total?: number;
  objective: string;
  bid?: number;
  /** Each line item's targeting criteria and the numbers of the posts it promotes (none: no call). */
  lineItems: { criteria: [string, string][]; posts: number[] }[];
}

export interface Launched {
  campaign: string;
  lineItems: { id: string; promoted: string[] }[];
}

/**
 * The delivery tests' setup: the ads test kit and a twin app on the same network (the same requests
 * at the same sandbox times must give the same ids and numbers), a US user's ad account opened on
 * both (budgets in US dollars), and campaigns launched through the API.
 */
export interface DeliveryTestKit {
  kit: AdsTestKit;
  twin: FastifyInstance;
  /** The sandbox time when the campaigns start; tests move `kit.clock.now` from there by DAY. */
  start: number;
  DAY: number;
  headers: { authorization: string };
  /** The ad account's creation on the kit's app and on the twin. */
  opened: AdsReply[];
  account: { id: string; currency: string };
  /** The account's path, `/ads/12/accounts/{id}`. */
  base: string;
  /** The targeting value of the United States. */
  us: string;
  /** The account with the most followers. */
  star: number;
  /** A sandbox time as the Ads API's ISO 8601 (no milliseconds). */
  iso: (t: number) => string;
  send: (app: FastifyInstance, options: InjectOptions) => Promise<AdsReply>;
  /** Creates campaign → line items → criteria → promoted posts through the API, on either app. */
  launch: (app: FastifyInstance, launch: Launch) => Promise<Launched>;
  close: () => Promise<void>;
}

export async function deliveryTestKit(): Promise<DeliveryTestKit> {
  const kit = await adsTestKit();
  const twin = Fastify();
  await twin.register(
    adsApiPlugin({
      network: kit.network,
      platform: createAdsPlatform({ network: kit.network, clock: () => kit.clock.now }),
    }),
    { prefix: '/ads/12' },
  );
  const send = (app: FastifyInstance, options: InjectOptions): Promise<AdsReply> => app.inject(options);
  const US = COUNTRIES.findIndex((c) => c.code === 'US');
  const owner = kit.network.accounts.country.findIndex((c) => c === US);
  const headers = { authorization: `Bearer ${kit.tokenOf(owner)}` };
  const opened = await Promise.all(
    [kit.app, twin].map((app) => send(app, { method: 'POST', url: '/ads/12/accounts', headers })),
  );
  const account = opened[0]!.json<{ data: { id: string; currency: string } }>().data;
  const base = `/ads/12/accounts/${account.id}`;

  const launch = async (app: FastifyInstance, o: Launch): Promise<Launched> => {
    const post = async (url: string, payload: object) =>
      (await send(app, { method: 'POST', url: `${base}${url}`, headers, payload })).json().data;
    const funding = (await send(app, { method: 'GET', url: `${base}/funding_instruments`, headers })).json()
      .data[0]!.id;
    const campaign = await post('/campaigns', {
      name: o.name,
      funding_instrument_id: funding,
      daily_budget_amount_local_micro: o.daily,
      ...(o.total ? { total_budget_amount_local_micro: o.total } : {}),
    });
    const lineItems: Launched['lineItems'] = [];
    for (const { criteria, posts } of o.lineItems) {
      const lineItem = await post('/line_items', {
        campaign_id: campaign.id,
        objective: o.objective,
        placements: 'ALL_ON_TWITTER',
        product_type: 'PROMOTED_TWEETS',
        ...(o.bid ? { bid_amount_local_micro: o.bid } : {}),
      });
      for (const [type, value] of criteria)
        await post('/targeting_criteria', {
          line_item_id: lineItem.id,
          targeting_type: type,
          targeting_value: value,
        });
      const tweets = posts.map((n) => postId(kit.network.posts, n)).join(',');
      const promoted =
        posts.length === 0
          ? []
          : await post('/promoted_tweets', { line_item_id: lineItem.id, tweet_ids: tweets });
      lineItems.push({ id: lineItem.id, promoted: promoted.map((p: { id: string }) => p.id) });
    }
    return { campaign: campaign.id, lineItems };
  };

  return {
    kit,
    twin,
    start: kit.clock.now,
    DAY: 86_400,
    headers,
    opened,
    account,
    base,
    us: targetingCriteria('locations').find((l) => l.name === 'United States')!.targeting_value,
    star: Array.from(kit.network.graph.inDegree).reduce((b, d, i, all) => (d > all[b]! ? i : b), 0),
    iso: (t) => new Date(t * 1000).toISOString().replace('.000Z', 'Z'),
    send,
    launch,
    close: async () => {
      await kit.app.close();
      await twin.close();
    },
  };
}
