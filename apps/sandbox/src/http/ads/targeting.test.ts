import { afterAll, describe, expect, it } from 'vitest';
import { targetingCriteria } from '@murmur/core/x-catalogue';
import { adsTestKit } from './test-kit';

const kit = await adsTestKit();
afterAll(() => kit.app.close());

const owner = kit.advertisers[0]!;
const account = kit.platform.store.accountsOf(owner)[0]!;
const base = `/accounts/${account.id}`;
const get = (url: string) => kit.call(owner, { method: 'GET', url });
const post = (url: string, payload: object) =>
  kit.call(owner, { method: 'POST', url: `${base}${url}`, payload });

const campaign = (
  await post('/campaigns', {
    name: 'Targeting',
    funding_instrument_id: kit.platform.store.fundingInstrumentOf(account.id)!.id,
    daily_budget_amount_local_micro: 10_000_000,
  })
).json().data;
const lineItem = (
  await post('/line_items', {
    campaign_id: campaign.id,
    objective: 'AWARENESS',
    placements: 'ALL_ON_TWITTER',
    product_type: 'PROMOTED_TWEETS',
  })
).json().data;
const target = (targeting_type: string, targeting_value: string, operator_type?: string) =>
  post('/targeting_criteria', {
    line_item_id: lineItem.id,
    targeting_type,
    targeting_value,
    ...(operator_type ? { operator_type } : {}),
  });

const japan = targetingCriteria('locations').find(
  (l) => l.country_code === 'JP' && l.location_type === 'COUNTRIES',
)!;
const software = targetingCriteria('interests').find((i) => i.name.endsWith('/Software'))!;

describe('targeting criteria', () => {
  it('creates criteria with X’s display names, location types and canonical values', async () => {
    const location = (await target('LOCATION', japan.targeting_value)).json().data;
    expect(location).toMatchObject({
      line_item_id: lineItem.id,
      name: 'Japan',
      location_type: 'COUNTRIES',
      operator_type: 'EQ',
      deleted: false,
    });
    expect((await target('INTEREST', software.targeting_value)).json().data.name).toBe(
      'Technology and computing/Software',
    );
    expect((await target('AGE', 'AGE_18_TO_34')).json().data.name).toBe('18-34');
    expect((await target('GENDER', '2')).json().data.name).toBe('Female');
    const handle = kit.network.accounts.handles[owner]!;
    const lookalike = (await target('FOLLOWER_LOOK_ALIKES', `@${handle.toUpperCase()}`)).json().data;
    expect(lookalike).toMatchObject({
      name: `@${handle}`,
      targeting_value: kit.network.accounts.ids[owner]!.toString(),
    });
    // Aliases clients use are stored under the v12 names.
    expect((await target('KEYWORD', 'coffee')).json().data.targeting_type).toBe('BROAD_KEYWORD');
    expect((await target('PHRASE_KEYWORD', 'remote work', 'NE')).json().data.operator_type).toBe('NE');
    const listed = (await get(`${base}/targeting_criteria?line_item_ids=${lineItem.id}`)).json();
    expect(listed.total_count).toBe(7);
  });

  it('rejects unknown values, NE outside exclusions and duplicates', async () => {
    const error = async (response: Promise<{ json: () => { errors: { parameter?: string }[] } }>) =>
      (await response).json().errors[0]!;
    expect(await error(target('INTEREST', '999999'))).toMatchObject({
      code: 'INVALID_PARAMETER',
      parameter: 'targeting_value',
    });
    expect(await error(target('LOCATION', 'ffffffffffffffff'))).toMatchObject({
      parameter: 'targeting_value',
    });
    expect(await error(target('AGE', 'AGE_OVER_30'))).toMatchObject({ parameter: 'targeting_value' });
    expect(await error(target('FOLLOWER_LOOK_ALIKES', '@nobody_here_at_all'))).toMatchObject({
      parameter: 'targeting_value',
    });
    expect(await error(target('CUSTOM_AUDIENCE', 'abcde'))).toMatchObject({ parameter: 'targeting_value' });
    expect(await error(target('HOROSCOPE', 'leo'))).toMatchObject({ parameter: 'targeting_type' });
    expect(await error(target('LOCATION', japan.targeting_value, 'NE'))).toMatchObject({
      parameter: 'operator_type',
    });
    expect(await error(target('LOCATION', japan.targeting_value))).toMatchObject({
      parameter: 'targeting_value',
    });
    const missing = await get(`${base}/targeting_criteria`);
    expect(missing.json().errors[0]!).toMatchObject({
      code: 'MISSING_PARAMETER',
      parameter: 'line_item_ids',
    });
  });

  it('deletes a criterion, which then only shows with_deleted', async () => {
    const created = (await target('LANGUAGE', 'ja')).json().data;
    const deleted = await kit.call(owner, {
      method: 'DELETE',
      url: `${base}/targeting_criteria/${created.id}`,
    });
    expect(deleted.json().data.deleted).toBe(true);
    expect((await get(`${base}/targeting_criteria/${created.id}`)).statusCode).toBe(404);
    const all = (
      await get(`${base}/targeting_criteria?line_item_ids=${lineItem.id}&with_deleted=true`)
    ).json();
    expect(all.data.map((c: { id: string }) => c.id)).toContain(created.id);
  });
});

describe('targeting catalogues', () => {
  it('searches case- and accent-insensitively', async () => {
    const found = (await get('/targeting_criteria/locations?q=SAO%20PAULO')).json().data;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((l: { name: string }) => l.name.includes('São Paulo'))).toBe(true);
    const interests = (await get('/targeting_criteria/interests?q=software')).json().data;
    expect(interests.map((i: { name: string }) => i.name)).toContain(software.name);
  });

  it('filters locations by country_code and location_type', async () => {
    const regions = (
      await get('/targeting_criteria/locations?country_code=JP&location_type=REGIONS&count=1000')
    ).json();
    expect(regions.total_count).toBeGreaterThan(5);
    expect(
      regions.data.every(
        (l: { country_code: string; location_type: string }) =>
          l.country_code === 'JP' && l.location_type === 'REGIONS',
      ),
    ).toBe(true);
    const bad = await get('/targeting_criteria/locations?location_type=PLANETS');
    expect(bad.json().errors[0]!).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'location_type' });
  });

  it('walks a catalogue page by page with cursors', async () => {
    const expected = targetingCriteria('interests').map((i) => i.targeting_value);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { targeting_value: string }[]; next_cursor: string | null; total_count: number } = (
        await get(`/targeting_criteria/interests?count=50${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.total_count).toBe(expected.length);
      seen.push(...page.data.map((i) => i.targeting_value));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect((await get('/targeting_criteria/interests?cursor=%21%21')).json().errors[0]!.parameter).toBe(
      'cursor',
    );
  });

  it('serves conversations, TV shows, languages, operators (US by default) and platforms', async () => {
    const sports = (await get('/targeting_criteria/conversations?conversation_type=SPORTS_LEAGUES')).json()
      .data;
    expect(sports.length).toBeGreaterThan(0);
    expect(sports.every((t: { conversation_type: string }) => t.conversation_type === 'SPORTS_LEAGUES')).toBe(
      true,
    );
    const shows = (await get('/targeting_criteria/tv_shows?tv_market_locale=ja-JP')).json().data;
    expect(shows.length).toBeGreaterThan(0);
    expect(
      shows.every(
        (s: { locale: string; targeting_type: string }) =>
          s.locale === 'ja-JP' && s.targeting_type === 'MOVIES_AND_TV_SHOWS',
      ),
    ).toBe(true);
    expect((await get('/targeting_criteria/languages?q=japanese')).json().data).toEqual([
      { name: 'Japanese', targeting_type: 'LANGUAGE', targeting_value: 'ja' },
    ]);
    const us = (await get('/targeting_criteria/network_operators'))
      .json()
      .data.map((o: { name: string }) => o.name);
    expect(us).toContain('Verizon');
    expect(
      (await get('/targeting_criteria/network_operators?country_code=jp'))
        .json()
        .data.map((o: { name: string }) => o.name),
    ).toContain('NTT Docomo');
    expect((await get('/targeting_criteria/platforms')).json().total_count).toBe(4);
  });
});
