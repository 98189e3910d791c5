import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatLargeNumber, formatMoney } from '@murmur/core/format';
import sharp from 'sharp';
import { TwitterApi } from 'twitter-api-v2';
import { SANDBOX_DEV_CREDENTIALS, sandboxClientSettings } from '@murmur/sandbox';
import { waitForEngine } from '../support/audience-api';
import { signIn } from '../support/audience-screens';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { screenshot } from '../support/screens';

/**
 * Issue 11's journey: an audience, uploaded images, three creatives, a campaign with two ad sets and
 * three ads built in the wizard and published to the sandbox's Ads API (its targeting checked there),
 * simulated time passing, delivery, reach and segmentations on the detail screen, an ad paused, and
 * the summary PDF whose text matches the screen. Screens kept in English and Japanese.
 */
const app = useJourneyServer({ MAIL_FROM, SANDBOX_ACCOUNTS: '3000', STAFF_EMAIL_DOMAINS: 'example.com' });
test.beforeAll(() => waitForEngine(app.server.url));
test.setTimeout(600_000);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
function apiFor(page: Page, serverUrl: string) {
  return async <T>(method: Method, path: string, data?: unknown): Promise<T> => {
    const csrf = (await page.context().cookies(serverUrl)).find((c) => c.name === 'csrftoken')?.value;
    const response = await page.request.fetch(`${serverUrl}${path}`, {
      method,
      data,
      headers: csrf === undefined ? {} : { 'X-CSRFToken': csrf },
    });
    expect(response.ok(), `${method} ${path} → ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** X's OAuth 1.0a consent in the sandbox for the n-th offered account; the tokens X gives back. */
async function xTokens(page: Page, serverUrl: string, pick: number) {
  const requested = await page.request.get(
    `${serverUrl}/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(`${serverUrl}/login/twitter`)}`,
  );
  const { authorize_url } = (await requested.json()) as { authorize_url: string };
  const consent = await page.request.get(`${authorize_url}&force_login=true`);
  const html = await consent.text();
  const post = /<form method="post">([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const form: Record<string, string> = {};
  for (const m of post.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    form[m[1]!] = m[2]!.replace(/&amp;/g, '&');
  const accounts = [...post.matchAll(/name="account"\s+value="(\d+)"/g)].map((m) => m[1]!);
  form.account = accounts[pick]!;
  form.decision = 'allow';
  const decided = await page.request.post(`${authorize_url}&force_login=true`, { form, maxRedirects: 0 });
  const back = new URL(decided.headers().location!);
  const exchanged = await page.request.get(
    `${serverUrl}/rest-auth/twitter/access_token/?${back.searchParams.toString()}`,
  );
  return (await exchanged.json()) as { access_token: string; access_token_secret: string };
}

function pdfText(bytes: Buffer): string {
  execFileSync('node', ['scripts/ensure-poppler.mjs'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'murmur-e2e-pdf-'));
  const file = join(dir, 'summary.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** X's Ads API (the sandbox's) as the connected X user, signed with OAuth 1.0a by twitter-api-v2. */
function xAds(serverUrl: string, tokens: { access_token: string; access_token_secret: string }) {
  const client = new TwitterApi(
    {
      appKey: SANDBOX_DEV_CREDENTIALS.x.consumerKey,
      appSecret: SANDBOX_DEV_CREDENTIALS.x.consumerSecret,
      accessToken: tokens.access_token,
      accessSecret: tokens.access_token_secret,
    },
    sandboxClientSettings(`${serverUrl}/sandbox`),
  );
  return async <T>(path: string, query: Record<string, string> = {}): Promise<T> =>
    (await client.get<{ data: T }>(`https://ads-api.x.com/12/${path}`, query, { prefix: '' })).data;
}

test('builds, publishes, watches and pauses a campaign on X, and downloads its summary', async ({
  browser,
}) => {
  const page = await browser.newPage({ baseURL: app.server.url, acceptDownloads: true });
  page.setDefaultTimeout(20_000);
  const url = app.server.url;
  const api = apiFor(page, url);
  let slug = '';
  let x: ReturnType<typeof xAds> | undefined;
  let accountId = '';
  let currency = 'EUR';

  await test.step('sign in, team, creator access, X connected, an ad account granted', async () => {
    await signIn(page, app.sink, 'nora@example.com');
    await expect(page).toHaveURL(/\/welcome/);
    const team = await api<{ slug: string; id: number }>('POST', '/api/teams/', { name: 'Coffee Launch' });
    slug = team.slug;
    await api('POST', '/api/staff/user-groups/', { email: 'nora@example.com', group: 'Audience_creator' });
    // Connect X accounts until one has an ad account (brands and creators have them).
    let accounts: { id: string; name: string }[] = [];
    for (let pick = 0; pick < 12 && accounts.length === 0; pick++) {
      const tokens = await xTokens(page, url, pick);
      const linked = await page.request.post(`${url}/rest-auth/twitter/connect/`, {
        data: tokens,
        headers: {
          'X-CSRFToken': (await page.context().cookies(url)).find((c) => c.name === 'csrftoken')!.value,
        },
      });
      if (!linked.ok()) continue;
      accounts = await api<{ id: string; name: string }[]>('GET', '/api/user/accounts/');
      x = xAds(url, tokens);
    }
    expect(accounts.length).toBeGreaterThan(0);
    const me = await api<{ memberships: { id: number; team: { slug: string } }[] }>('GET', '/api/user/me/');
    const member = me.memberships.find((m) => m.team.slug === slug)!.id;
    accountId = accounts[0]!.id;
    await api('POST', '/api/user/granted-accounts/', {
      member,
      account: { account_id: accountId, network: 'twitter' },
    });
    // The campaign pays in the ad account's currency (X's funding instrument).
    const instruments = await x!<{ currency: string }[]>(`accounts/${accountId}/funding_instruments`);
    currency = instruments[0]!.currency === 'JPY' ? 'YEN' : instruments[0]!.currency;
  });

  await test.step('an audience to target', async () => {
    await api('POST', '/api/audience-configs/', {
      name: 'Coffee lovers',
      team: slug,
      targeting_package: { keywords: [{ label: 'coffee' }], languages: [{ label: 'English' }] },
    });
    await api('POST', '/api/audience-configs/', {
      name: 'Music fans',
      team: slug,
      targeting_package: { keywords: [{ label: 'music' }] },
    });
  });

  await test.step('upload two images to the media library, with progress', async () => {
    await page.goto(`/${slug}/media`);
    await expect(page.getByRole('heading', { name: 'Media' })).toBeVisible();
    const dir = mkdtempSync(join(tmpdir(), 'murmur-e2e-img-'));
    const files = [];
    for (const [name, color] of [
      ['beans.png', '#6f4e37'],
      ['cup.png', '#c0392b'],
    ] as const) {
      const file = join(dir, name);
      writeFileSync(
        file,
        await sharp({ create: { width: 1200, height: 675, channels: 3, background: color } })
          .png()
          .toBuffer(),
      );
      files.push(file);
    }
    await page.locator('input[type="file"]').setInputFiles(files);
    await expect(page.getByTestId('media-item')).toHaveCount(2, { timeout: 30_000 });
    await screenshot(page, 'campaigns-media-en');
  });

  await test.step('three creatives, two with an image, previewed as posts', async () => {
    await page.goto(`/${slug}/creatives`);
    for (const [name, text, image] of [
      ['Beans', 'Fresh beans every week ☕', 'beans.png'],
      ['Cup', 'Your morning cup, delivered', 'cup.png'],
      ['Playlist', 'Coffee and music go together', null],
    ] as const) {
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await page.getByRole('textbox', { name: 'Text', exact: true }).fill(text);
      if (image) {
        await page.getByRole('textbox', { name: 'Image' }).click();
        await page.getByRole('option', { name: image }).click();
      }
      await page.getByRole('button', { name: 'Save creative' }).click();
      await expect(page.getByTestId('creative').filter({ hasText: name })).toBeVisible();
    }
    await screenshot(page, 'campaigns-creatives-en');
  });

  let campaignId = 0;
  await test.step('the wizard: campaign, two ad sets, three ads, publish', async () => {
    await page.goto(`/${slug}/campaigns`);
    await expect(page.getByText('No results')).toBeVisible();
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Coffee week');
    await page.getByRole('textbox', { name: 'Ad account' }).click();
    await page.getByRole('option').first().click();
    // The ad account's currency: the campaign must pay in it.
    const granted = await api<{ account: { account_id: string } }[]>('GET', `/api/teams/${slug}/accounts/`);
    expect(granted.length).toBe(1);
    await page.getByRole('textbox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: new RegExp(`^${currency}\\b`) }).click();
    await page.getByRole('textbox', { name: 'Daily budget' }).fill('150');
    await screenshot(page, 'campaigns-wizard-1-en');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/draft=\d+/);
    campaignId = Number(new URL(page.url()).searchParams.get('draft'));
    for (const [name, audience, placements] of [
      ['Coffee fans', 'Coffee lovers', null],
      ['Music fans', 'Music fans', ['Profiles', 'Search results', 'Replies']],
    ] as const) {
      await page.getByRole('textbox', { name: 'Ad set name' }).fill(name);
      await page.getByRole('textbox', { name: 'Audience', exact: true }).click();
      await page.getByRole('option', { name: audience }).click();
      if (placements) for (const p of placements) await page.getByRole('checkbox', { name: p }).uncheck();
      await page.getByRole('button', { name: 'Add ad set' }).click();
      await expect(page.getByTestId('adset').filter({ hasText: name })).toBeVisible();
    }
    await screenshot(page, 'campaigns-wizard-2-en');
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const [adset, creative] of [
      ['Coffee fans', 'Beans'],
      ['Coffee fans', 'Cup'],
      ['Music fans', 'Playlist'],
    ] as const) {
      await page.getByRole('textbox', { name: `Creative · ${adset}` }).click();
      await page.getByRole('option', { name: creative, exact: true }).click();
      await page
        .getByRole('button', { name: 'Add ad' })
        .filter({ visible: true })
        .nth(adset === 'Coffee fans' ? 0 : 1)
        .click();
      await expect(page.getByTestId('ad').filter({ hasText: creative })).toBeVisible();
    }
    await screenshot(page, 'campaigns-wizard-3-en');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Publish to X' }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/campaigns/${campaignId}$`), { timeout: 60_000 });
    await expect(page.getByTestId('status').first()).toHaveText('Active');
  });

  await test.step('on X: the campaign, its line items with the audiences as targeting, three promoted posts', async () => {
    const campaign = await api<{ x_campaign_id: string }>('GET', `/api/campaigns/${campaignId}/`);
    expect(campaign.x_campaign_id).toBeTruthy();
    const adsets = await api<{ x_line_item_id: string; targeting: { type: string; value: string }[] }[]>(
      'GET',
      `/api/campaigns/${campaignId}/adsets/`,
    );
    expect(adsets.map((a) => a.x_line_item_id).every(Boolean)).toBe(true);
    expect(adsets[0]!.targeting).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'BROAD_KEYWORD', value: 'coffee' })]),
    );
    expect(adsets[0]!.targeting).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'LANGUAGE' })]),
    );
    expect(adsets[1]!.targeting).toEqual([
      expect.objectContaining({ type: 'BROAD_KEYWORD', value: 'music' }),
    ]);
    const ads = await api<{ x_promoted_tweet_id: string | null }[]>(
      'GET',
      `/api/campaigns/${campaignId}/ads/`,
    );
    expect(ads.filter((a) => a.x_promoted_tweet_id)).toHaveLength(3);
    // And on X itself, read through its Ads API.
    const onX = await x!<{ entity_status: string }>(
      `accounts/${accountId}/campaigns/${campaign.x_campaign_id}`,
    );
    expect(onX.entity_status).toBe('ACTIVE');
    const criteria = await x!<{ targeting_type: string; targeting_value: string }[]>(
      `accounts/${accountId}/targeting_criteria`,
      { line_item_ids: adsets.map((a) => a.x_line_item_id).join(',') },
    );
    expect(criteria.map((c) => `${c.targeting_type}:${c.targeting_value}`)).toEqual(
      expect.arrayContaining(['BROAD_KEYWORD:coffee', 'BROAD_KEYWORD:music']),
    );
  });

  await test.step('simulated time passes: delivery, reach and segmentations', async () => {
    await api('POST', '/sandbox/simulate/advance', { hours: 48 });
    // Delivery is read from X at most every 10 s on demand (and by the job every 10 minutes).
    await expect
      .poll(
        async () =>
          (await api<{ totals: { impressions: number } }>('GET', `/api/campaigns/${campaignId}/statstotal/`))
            .totals.impressions,
        { timeout: 30_000, intervals: [11_000] },
      )
      .toBeGreaterThan(0);
    await page.reload();
    const stats = await api<{ currency: string; totals: { impressions: number; spent: number } }>(
      'GET',
      `/api/campaigns/${campaignId}/statstotal/`,
    );
    expect(stats.totals.impressions).toBeGreaterThan(0);
    await expect(page.getByTestId('figure-Impressions')).toHaveText(
      formatLargeNumber(stats.totals.impressions),
    );
    await expect(page.getByTestId('figure-Spent')).toHaveText(
      formatMoney(stats.totals.spent, stats.currency as Parameters<typeof formatMoney>[1]),
    );
    await expect(page.getByTestId('reach')).toContainText('accounts');
    await expect(page.getByRole('table', { name: 'Country' })).toBeVisible();
    await screenshot(page, 'campaigns-detail-en');
  });

  await test.step('pause an ad (on X too)', async () => {
    const row = page.getByTestId('ad-row').first();
    await row.getByRole('button', { name: 'Pause' }).click();
    await expect(row.getByTestId('status')).toHaveText('Paused');
  });

  await test.step('the summary PDF says what the screen says', async () => {
    const impressions = await page.getByTestId('figure-Impressions').textContent();
    const spent = await page.getByTestId('figure-Spent').textContent();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download summary PDF' }).click(),
    ]);
    const text = pdfText(readFileSync(await download.path()));
    expect(text).toContain('Coffee week');
    expect(text).toContain(impressions!);
    expect(text).toContain(spent!);
  });

  await test.step('the same screens in Japanese', async () => {
    await api('PUT', '/api/user/me/', { language: 'ja' });
    await page.goto(`/${slug}/campaigns/${campaignId}`);
    await expect(page.getByRole('heading', { name: 'セグメント' })).toBeVisible();
    await screenshot(page, 'campaigns-detail-ja');
    await page.goto(`/${slug}/campaigns`);
    await expect(page.getByRole('link', { name: 'Coffee week' })).toBeVisible();
    await screenshot(page, 'campaigns-overview-ja');
    await page.goto(`/${slug}/creatives`);
    await screenshot(page, 'campaigns-creatives-ja');
    await page.goto(`/${slug}/campaigns/new`);
    await screenshot(page, 'campaigns-wizard-1-ja');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.goto(`/${slug}/campaigns/${campaignId}`);
        await page.getByRole('button', { name: 'サマリー PDF をダウンロード' }).click();
      })(),
    ]);
    expect(pdfText(readFileSync(await download.path()))).toContain('キャンペーンサマリー');
  });
});
