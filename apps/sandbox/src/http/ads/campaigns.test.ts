import { afterAll, describe, expect, it } from 'vitest';
import { postId } from '../../model/posts';
import { adsTestKit } from './test-kit';

const kit = await adsTestKit();
afterAll(() => kit.app.close());

const owner = kit.advertisers[0]!;
const account = kit.platform.store.accountsOf(owner)[0]!;
const instrument = kit.platform.store.fundingInstrumentOf(account.id)!;
const base = `/accounts/${account.id}`;
const post = (url: string, payload: object) =>
  kit.call(owner, { method: 'POST', url: `${base}${url}`, payload });
const put = (url: string, payload: object) =>
  kit.call(owner, { method: 'PUT', url: `${base}${url}`, payload });
const get = (url: string) => kit.call(owner, { method: 'GET', url: `${base}${url}` });
const error = (response: { json: () => { errors: { code: string; parameter?: string }[] } }) =>
  response.json().errors[0]!;

const campaignBody = {
  name: 'Launch',
  funding_instrument_id: instrument.id,
  daily_budget_amount_local_micro: 20_000_000,
};
const lineItemBody = (campaignId: string) => ({
  campaign_id: campaignId,
  objective: 'ENGAGEMENTS',
  placements: 'TWITTER_TIMELINE,TWITTER_SEARCH',
  product_type: 'PROMOTED_TWEETS',
  bid_amount_local_micro: 500_000,
});

describe('campaigns', () => {
  it('creates, reads, updates and deletes a campaign with base-36 ids', async () => {
    const created = await post('/campaigns', {
      ...campaignBody,
      total_budget_amount_local_micro: 100_000_000,
      start_time: '2026-08-01T00:00:00Z',
    });
    expect(created.statusCode).toBe(200);
    const campaign = created.json().data;
    expect(campaign).toMatchObject({
      name: 'Launch',
      entity_status: 'ACTIVE',
      servable: true,
      start_time: '2026-08-01T00:00:00Z',
      currency: account.currency,
    });
    expect(campaign.id).toMatch(/^[0-9a-z]{5,}$/);
    expect((await get(`/campaigns/${campaign.id}`)).json().data.id).toBe(campaign.id);
    const paused = await put(`/campaigns/${campaign.id}`, {
      entity_status: 'PAUSED',
      daily_budget_amount_local_micro: 30_000_000,
    });
    expect(paused.json().data).toMatchObject({
      entity_status: 'PAUSED',
      daily_budget_amount_local_micro: 30_000_000,
      reasons_not_servable: ['PAUSED_BY_ADVERTISER'],
    });
    const deleted = await kit.call(owner, { method: 'DELETE', url: `${base}/campaigns/${campaign.id}` });
    expect(deleted.json().data.deleted).toBe(true);
    expect((await get(`/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await get(`/campaigns/${campaign.id}?with_deleted=true`)).json().data.deleted).toBe(true);
    const listed = (await get('/campaigns')).json().data.map((c: { id: string }) => c.id);
    expect(listed).not.toContain(campaign.id);
    expect(
      (await get('/campaigns?with_deleted=true')).json().data.map((c: { id: string }) => c.id),
    ).toContain(campaign.id);
  });

  it('rejects invalid campaigns with X-style parameter errors', async () => {
    expect(
      error(
        await post('/campaigns', {
          funding_instrument_id: instrument.id,
          daily_budget_amount_local_micro: 1,
        }),
      ),
    ).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'name' });
    expect(
      error(await post('/campaigns', { ...campaignBody, daily_budget_amount_local_micro: 'lots' })),
    ).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'daily_budget_amount_local_micro' });
    expect(
      error(await post('/campaigns', { ...campaignBody, total_budget_amount_local_micro: 1_000_000 })),
    ).toMatchObject({ parameter: 'daily_budget_amount_local_micro' });
    expect(
      error(
        await post('/campaigns', {
          ...campaignBody,
          start_time: '2026-08-05T00:00:00Z',
          end_time: '2026-08-02T00:00:00Z',
        }),
      ),
    ).toMatchObject({ parameter: 'end_time' });
    expect(error(await post('/campaigns', { ...campaignBody, entity_status: 'RUNNING' }))).toMatchObject({
      parameter: 'entity_status',
    });
    expect(error(await post('/campaigns', { ...campaignBody, start_time: 'tomorrow' }))).toMatchObject({
      parameter: 'start_time',
    });
    const foreign = kit.platform.store.fundingInstrumentOf(
      kit.platform.store.accountsOf(kit.advertisers[1]!)[0]!.id,
    )!;
    const stolen = await post('/campaigns', { ...campaignBody, funding_instrument_id: foreign.id });
    expect(stolen.statusCode).toBe(400);
    expect(error(stolen).parameter).toBe('funding_instrument_id');
  });

  it('hides drafts unless with_draft=true and never returns an activated campaign to DRAFT', async () => {
    const draft = (
      await post('/campaigns', { ...campaignBody, name: 'Draft', entity_status: 'DRAFT' })
    ).json().data;
    expect((await get('/campaigns')).json().data.map((c: { id: string }) => c.id)).not.toContain(draft.id);
    expect(
      (await get('/campaigns?with_draft=true&q=draft')).json().data.map((c: { id: string }) => c.id),
    ).toEqual([draft.id]);
    await put(`/campaigns/${draft.id}`, { entity_status: 'ACTIVE' });
    expect(error(await put(`/campaigns/${draft.id}`, { entity_status: 'DRAFT' }))).toMatchObject({
      parameter: 'entity_status',
    });
  });
});

describe('line items', () => {
  it('creates with the objective’s default goal and billing, updates and deletes', async () => {
    const campaign = (await post('/campaigns', campaignBody)).json().data;
    const created = await post('/line_items', lineItemBody(campaign.id));
    expect(created.statusCode).toBe(200);
    const li = created.json().data;
    expect(li).toMatchObject({
      campaign_id: campaign.id,
      objective: 'ENGAGEMENTS',
      goal: 'ENGAGEMENT',
      pay_by: 'ENGAGEMENT',
      bid_strategy: 'MAX',
      placements: ['TWITTER_TIMELINE', 'TWITTER_SEARCH'],
      funding_instrument_id: instrument.id,
    });
    const auto = await put(`/line_items/${li.id}`, { bid_strategy: 'AUTO', name: 'Auto' });
    expect(auto.json().data).toMatchObject({
      bid_strategy: 'AUTO',
      bid_amount_local_micro: null,
      name: 'Auto',
    });
    expect(
      (await get(`/line_items?campaign_ids=${campaign.id}`)).json().data.map((l: { id: string }) => l.id),
    ).toEqual([li.id]);
    // Deleting the campaign takes its line items with it.
    await kit.call(owner, { method: 'DELETE', url: `${base}/campaigns/${campaign.id}` });
    expect((await get(`/line_items/${li.id}`)).statusCode).toBe(404);
  });

  it('validates placements, goals, bids and the campaign', async () => {
    const campaign = (await post('/campaigns', campaignBody)).json().data;
    const body = lineItemBody(campaign.id);
    expect(
      error(await post('/line_items', { ...body, placements: 'ALL_ON_TWITTER,TWITTER_SEARCH' })),
    ).toMatchObject({ parameter: 'placements' });
    expect(error(await post('/line_items', { ...body, placements: 'PUBLISHER_MOON' }))).toMatchObject({
      parameter: 'placements',
    });
    expect(error(await post('/line_items', { ...body, goal: 'FOLLOWERS' }))).toMatchObject({
      parameter: 'goal',
    });
    expect(error(await post('/line_items', { ...body, bid_strategy: 'AUTO' }))).toMatchObject({
      parameter: 'bid_amount_local_micro',
    });
    expect(
      error(
        await post('/line_items', { ...body, bid_strategy: 'TARGET', bid_amount_local_micro: undefined }),
      ),
    ).toMatchObject({ parameter: 'bid_amount_local_micro' });
    expect(error(await post('/line_items', { ...body, product_type: 'PROMOTED_ACCOUNT' }))).toMatchObject({
      parameter: 'product_type',
    });
    expect(error(await post('/line_items', { ...body, objective: undefined }))).toMatchObject({
      code: 'MISSING_PARAMETER',
      parameter: 'objective',
    });
    expect(error(await post('/line_items', { ...body, campaign_id: 'nope' }))).toMatchObject({
      parameter: 'campaign_id',
    });
    const li = (await post('/line_items', body)).json().data;
    expect(error(await put(`/line_items/${li.id}`, { campaign_id: 'other' }))).toMatchObject({
      parameter: 'campaign_id',
    });
  });
});

describe('promoted posts and the media library', () => {
  it('links existing posts to a line item and refuses unknown or duplicate ones', async () => {
    const campaign = (await post('/campaigns', campaignBody)).json().data;
    const li = (await post('/line_items', lineItemBody(campaign.id))).json().data;
    const tweets = [postId(kit.network.posts, 1), postId(kit.network.posts, 2)];
    const linked = await post('/promoted_tweets', { line_item_id: li.id, tweet_ids: tweets.join(',') });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.map((p: { tweet_id: string }) => p.tweet_id)).toEqual(tweets);
    expect(
      error(await post('/promoted_tweets', { line_item_id: li.id, tweet_ids: tweets[0] })),
    ).toMatchObject({ parameter: 'tweet_ids' });
    expect(error(await post('/promoted_tweets', { line_item_id: li.id, tweet_ids: '123' }))).toMatchObject({
      parameter: 'tweet_ids',
    });
    const listed = (await get(`/promoted_tweets?line_item_ids=${li.id}`)).json();
    expect(listed.total_count).toBe(2);
    const removed = await kit.call(owner, {
      method: 'DELETE',
      url: `${base}/promoted_tweets/${listed.data[0]!.id}`,
    });
    expect(removed.json().data.deleted).toBe(true);
    expect((await get(`/promoted_tweets?line_item_ids=${li.id}`)).json().total_count).toBe(1);
  });

  it('adds media by media_key or URL, lists, renames and deletes it', async () => {
    const byKey = await post('/media_library', { media_key: '3_1518000000000000000', name: 'Hero' });
    expect(byKey.json().data).toMatchObject({
      media_key: '3_1518000000000000000',
      media_type: 'IMAGE',
      media_category: 'TWEET_IMAGE',
      name: 'Hero',
    });
    const byUrl = await post('/media_library', {
      media_url: 'https://cdn.example/clip.mp4',
      media_category: 'TWEET_VIDEO',
      name: 'Clip',
    });
    const video = byUrl.json().data;
    expect(video).toMatchObject({ media_type: 'VIDEO', media_url: 'https://cdn.example/clip.mp4' });
    expect(video.media_key).toMatch(/^7_\d+$/);
    expect(error(await post('/media_library', { media_key: '3_1518000000000000000' })).parameter).toBe(
      'media_key',
    );
    expect(
      (await get('/media_library?media_type=VIDEO'))
        .json()
        .data.map((m: { media_key: string }) => m.media_key),
    ).toEqual([video.media_key]);
    expect((await put(`/media_library/${video.media_key}`, { name: 'Clip v2' })).json().data.name).toBe(
      'Clip v2',
    );
    await kit.call(owner, { method: 'DELETE', url: `${base}/media_library/${video.media_key}` });
    expect((await get(`/media_library/${video.media_key}`)).statusCode).toBe(404);
    expect((await get('/media_library')).json().total_count).toBe(1);
  });
});
