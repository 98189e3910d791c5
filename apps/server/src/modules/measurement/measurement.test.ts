import { describe, expect, it } from 'vitest';
import type { AccountApps, AppEvents, HasPixel, WebEvents } from '@murmur/core/api';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';

/** The measurement routes read a team's granted ad account on the sandbox's Ads API, over HTTP. */
const k = useSandboxTestApp({ seed: 'measurement-tests', accounts: 1500, engine: false });

type Tag = { id: string; status: string; deleted: boolean };

describe('has-pixel, web-events, app-events, account-apps', () => {
  it("answers what X lists for the team's granted ad account, to members only", async () => {
    const ann = await k.t.signIn('ann-measure@example.com');
    const ben = await k.t.signIn('ben-measure@example.com');
    const eve = await k.t.signIn('eve-measure@example.com');
    const xId = await k.storeXToken(ann, 0);

    // Ad accounts until one has a website tag and one has none (derived per account on X's side).
    let withPixel: { slug: string; accountId: string; tags: Tag[] } | undefined;
    let withoutPixel: { slug: string; accountId: string } | undefined;
    for (let i = 0; i < 12 && !(withPixel && withoutPixel); i++) {
      const team = await k.teamWithAdAccount(ann, xId, [ben]);
      const tags = (await k.ads(xId, 'GET', `accounts/${team.accountId}/web_event_tags`)) as Tag[];
      if (tags.length > 0) withPixel ??= { ...team, tags };
      else withoutPixel ??= team;
    }
    // Murmur reads the user's ad accounts from X (a grant names one of them).
    expect((await k.call(ann, 'GET', '/api/user/accounts/')).statusCode).toBe(200);
    expect(withPixel, 'an ad account with a website tag').toBeDefined();
    expect(withoutPixel, 'an ad account without a website tag').toBeDefined();
    const { slug, accountId, tags } = withPixel!;

    // Any member (ben did not grant it) reads it through the granter's token.
    const pixel = await k.call(ben, 'GET', `/api/has-pixel/?team=${slug}`);
    expect(pixel.statusCode, pixel.body).toBe(200);
    expect(pixel.json<HasPixel>()).toEqual({
      account_id: accountId,
      has_pixel: true,
      events: tags.length,
      active_events: tags.filter((t) => t.status === 'ACTIVE').length,
    });
    const none = await k.call(ann, 'GET', `/api/has-pixel/?team=${withoutPixel!.slug}`);
    expect(none.json<HasPixel>()).toMatchObject({
      account_id: withoutPixel!.accountId,
      has_pixel: false,
      events: 0,
    });

    const web = await k.call(ann, 'GET', `/api/web-events/?team=${slug}&account_id=${accountId}`);
    expect(web.statusCode).toBe(200);
    expect(web.json<WebEvents>().results.map((t) => t.id)).toEqual(tags.map((t) => t.id));
    expect(web.json<WebEvents>().results[0]).toMatchObject({ type: 'SITE_VISIT' });

    const apps = (await k.ads(xId, 'GET', `accounts/${accountId}/account_apps`)) as { id: string }[];
    const appTags = (await k.ads(xId, 'GET', `accounts/${accountId}/app_event_tags`)) as { id: string }[];
    const accountApps = await k.call(ann, 'GET', `/api/account-apps/?team=${slug}`);
    expect(accountApps.json<AccountApps>().results.map((a) => a.id)).toEqual(apps.map((a) => a.id));
    const appEvents = await k.call(ann, 'GET', `/api/app-events/?team=${slug}`);
    expect(appEvents.json<AppEvents>().results.map((a) => a.id)).toEqual(appTags.map((a) => a.id));

    // Not a member: the team's 404. Signed out: 403.
    expect((await k.call(eve, 'GET', `/api/web-events/?team=${slug}`)).statusCode).toBe(404);
    expect((await k.app.inject({ url: `/api/has-pixel/?team=${slug}` })).statusCode).toBe(403);
  });

  it('needs a team and a granted account; bad input is 400, never 500', async () => {
    const cat = await k.t.signIn('cat-measure@example.com');
    const xId = await k.storeXToken(cat, 1);
    const { slug } = await k.teamWithAdAccount(cat, xId);
    await k.call(cat, 'GET', '/api/user/accounts/');
    const notGranted = await k.call(cat, 'GET', `/api/web-events/?team=${slug}&account_id=abc123`);
    expect(notGranted.statusCode).toBe(400);
    expect(notGranted.json()).toEqual({
      account_id: ['Connect an ad account and grant it to the team first.'],
    });

    const bare = await k.call(cat, 'POST', '/api/teams/', { name: 'Cat no accounts' });
    const empty = await k.call(cat, 'GET', `/api/has-pixel/?team=${bare.json<{ slug: string }>().slug}`);
    expect(empty.statusCode).toBe(400);

    for (const url of [
      '/api/has-pixel/',
      '/api/app-events/?team=',
      `/api/account-apps/?team=${slug}&account_id=../x`,
      `/api/web-events/?team=${'x'.repeat(101)}`,
    ]) {
      const res = await k.call(cat, 'GET', url);
      expect(res.statusCode, url).toBe(400);
    }
  });
});
