import { afterAll, describe, expect, it } from 'vitest';
import { measurementOf } from '../../ads/measurement';
import { adsTestKit, type WireObject } from './test-kit';

const kit = await adsTestKit();
afterAll(() => kit.app.close());

const seed = kit.network.config.seed;
const accounts = kit.advertisers.flatMap((owner) =>
  kit.platform.store.accountsOf(owner).map((account) => ({ owner, account })),
);
const withPixel = accounts.find(({ account }) => measurementOf(seed, account).webEventTags.length > 0)!;
const withoutPixel = accounts.find(({ account }) => measurementOf(seed, account).webEventTags.length === 0);
const withApps = accounts.find(({ account }) => measurementOf(seed, account).accountApps.length > 0);

describe('Ads API measurement: web event tags, app event tags, account apps', () => {
  it('derives each account’s tags from the seed: the same seed answers the same set', () => {
    expect(withPixel).toBeDefined();
    const a = measurementOf(seed, withPixel.account);
    expect(measurementOf(seed, withPixel.account)).toEqual(a);
    expect(measurementOf(`${seed}-other`, withPixel.account)).not.toEqual(a);
    // Some accounts have a website tag and some have none, across the seeded accounts.
    const counts = accounts.map(({ account }) => measurementOf(seed, account).webEventTags.length);
    expect(counts.some((n) => n > 0)).toBe(true);
  });

  it('lists web event tags in X’s envelope and shape', async () => {
    const { owner, account } = withPixel;
    const res = await kit.call(owner, { method: 'GET', url: `/accounts/${account.id}/web_event_tags` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = measurementOf(seed, account).webEventTags;
    expect(body.total_count).toBe(expected.length);
    expect(body.next_cursor).toBeNull();
    expect(body.data[0]).toMatchObject({
      id: expected[0]!.id,
      type: 'SITE_VISIT',
      deleted: false,
      click_window: expected[0]!.clickWindow,
      view_through_window: expected[0]!.viewThroughWindow,
    });
    expect(String(body.data[0]!.embed_code)).toContain(`tw-${account.id}-${expected[0]!.id}`);
    const single = await kit.call(owner, {
      method: 'GET',
      url: `/accounts/${account.id}/web_event_tags/${expected[0]!.id}`,
    });
    expect(single.json<{ data: WireObject }>().data.id).toBe(expected[0]!.id);
    const filtered = await kit.call(owner, {
      method: 'GET',
      url: `/accounts/${account.id}/web_event_tags?web_event_tag_ids=${expected[0]!.id},nope`,
    });
    expect(filtered.json().data.map((t) => t.id)).toEqual([expected[0]!.id]);
  });

  it('answers an account without a website tag with an empty list', async () => {
    if (!withoutPixel) throw new Error('the test network has no account without a website tag');
    const res = await kit.call(withoutPixel.owner, {
      method: 'GET',
      url: `/accounts/${withoutPixel.account.id}/web_event_tags`,
    });
    expect(res.json()).toMatchObject({ data: [], total_count: 0 });
  });

  it('lists account apps and app event tags', async () => {
    if (!withApps) throw new Error('the test network has no account with apps');
    const { owner, account } = withApps;
    const m = measurementOf(seed, account);
    const apps = (
      await kit.call(owner, { method: 'GET', url: `/accounts/${account.id}/account_apps` })
    ).json();
    expect(apps.data.map((a) => a.app_store_identifier)).toEqual(
      m.accountApps.map((a) => a.appStoreIdentifier),
    );
    expect(apps.data[0]).toMatchObject({ os_type: m.accountApps[0]!.osType, deleted: false });
    const events = (
      await kit.call(owner, { method: 'GET', url: `/accounts/${account.id}/app_event_tags` })
    ).json();
    expect(events.total_count).toBe(m.appEventTags.length);
    expect(events.data[0]).toMatchObject({
      conversion_type: 'INSTALL',
      post_view_attribution_window: m.appEventTags[0]!.postViewWindow,
    });
  });

  it('answers X’s errors: someone else’s account 403, unknown account and tag 404, bad count 400', async () => {
    const { owner, account } = withPixel;
    const other = kit.advertisers.find((o) => o !== owner)!;
    const forbidden = await kit.call(other, { method: 'GET', url: `/accounts/${account.id}/web_event_tags` });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errors[0]!.code).toBe('UNAUTHORIZED_ACCESS');
    const unknown = await kit.call(owner, { method: 'GET', url: '/accounts/nosuchacct1/account_apps' });
    expect(unknown.statusCode).toBe(404);
    const tag = await kit.call(owner, { method: 'GET', url: `/accounts/${account.id}/app_event_tags/zzzzz` });
    expect(tag.statusCode).toBe(404);
    expect(tag.json().errors[0]!.code).toBe('NOT_FOUND');
    const bad = await kit.call(owner, {
      method: 'GET',
      url: `/accounts/${account.id}/web_event_tags?count=0`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]!).toMatchObject({ code: 'INVALID_PARAMETER', parameter: 'count' });
  });
});
