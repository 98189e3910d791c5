import { afterAll, describe, expect, it } from 'vitest';
import { adsTestKit } from './test-kit';

const kit = await adsTestKit();
afterAll(() => kit.app.close());

const DAY = 86_400;
const owner = kit.advertisers[0]!;
const account = (
  await kit.call(owner, { method: 'POST', url: '/accounts', payload: { name: 'Posts' } })
).json().data;
const base = `/accounts/${account.id}`;
const post = async (url: string, payload: object) =>
  kit.call(owner, { method: 'POST', url: `${base}${url}`, payload });

describe('promoted-only posts and pausing a promoted post', () => {
  it('makes a nullcast post with library media, promotes it, and pausing keeps what it delivered', async () => {
    const tooLong = await post('/tweet', { text: 'x'.repeat(281) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0]!.parameter).toBe('text');
    const unknownMedia = await post('/tweet', { text: 'Hi', media_keys: '3_1' });
    expect(unknownMedia.statusCode).toBe(400);

    const media = (
      await post('/media_library', { media_url: 'https://example.com/a.png', media_category: 'TWEET_IMAGE' })
    ).json().data;
    const made = await post('/tweet', { text: 'Fresh beans', media_keys: media.media_key });
    expect(made.statusCode, made.body).toBe(200);
    const tweet = made.json().data;
    expect(tweet).toMatchObject({ text: 'Fresh beans', nullcast: true, media_keys: [media.media_key] });

    const funding = (await kit.call(owner, { method: 'GET', url: `${base}/funding_instruments` })).json()
      .data[0]!.id;
    const campaign = (
      await post('/campaigns', {
        name: 'C',
        funding_instrument_id: funding,
        daily_budget_amount_local_micro: 50_000_000,
      })
    ).json().data;
    const lineItem = (
      await post('/line_items', {
        campaign_id: campaign.id,
        objective: 'REACH',
        product_type: 'PROMOTED_TWEETS',
        placements: 'ALL_ON_TWITTER',
      })
    ).json().data;
    await post('/targeting_criteria', {
      line_item_id: lineItem.id,
      targeting_type: 'BROAD_KEYWORD',
      targeting_value: 'coffee',
    });
    const promoted = await post('/promoted_tweets', { line_item_id: lineItem.id, tweet_ids: tweet.id });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const pt = promoted.json().data[0]!;

    const start = kit.clock.now - (kit.clock.now % DAY);
    const impressions = async () => {
      const res = await kit.call(owner, {
        method: 'GET',
        url: `/stats/accounts/${account.id}?entity=PROMOTED_TWEET&entity_ids=${pt.id}&granularity=TOTAL&metric_groups=ENGAGEMENT&start_time=${new Date(start * 1000).toISOString()}&end_time=${new Date((start + 7 * DAY) * 1000).toISOString()}`,
      });
      const body = res.json<{ data: { id_data: { metrics: { impressions: number[] | null } }[] }[] }>();
      return body.data[0]!.id_data[0]!.metrics.impressions?.[0] ?? 0;
    };
    kit.clock.now += 2 * DAY;
    const before = await impressions();
    expect(before).toBeGreaterThan(0);

    const paused = await kit.call(owner, {
      method: 'PUT',
      url: `${base}/promoted_tweets/${pt.id}`,
      payload: { entity_status: 'PAUSED' },
    });
    expect(paused.json().data.entity_status).toBe('PAUSED');
    expect(await impressions()).toBe(before);
    kit.clock.now += DAY;
    expect(await impressions()).toBe(before);

    const bad = await kit.call(owner, {
      method: 'PUT',
      url: `${base}/promoted_tweets/${pt.id}`,
      payload: { entity_status: 'GONE' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
