import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { segmentName, type Segmentations } from '@murmur/core/api';
import { formatLargeNumber, formatMoney } from '@murmur/core/format';
import sharp from 'sharp';
import { TwitterApi } from 'twitter-api-v2';
import { SANDBOX_DEV_CREDENTIALS, sandboxClientSettings } from '@murmur/sandbox';
import { expectAccessible, expectReachableByTab } from '../support/accessibility';
import { waitForEngine } from '../support/audience-api';
import { connectAdAccount } from '../support/ad-account';
import { signIn } from '../support/audience-screens';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { tr } from '../support/locales';
import { contentCutOff, screenshot, screenshotBothWidths } from '../support/screens';
import { createTeamFromWelcome } from '../support/sign-in';

/**
 * The campaign journey: an audience, uploaded images, three creatives, a campaign with two ad sets and
 * three ads built in the wizard and published to the sandbox's Ads API (its targeting checked there),
 * simulated time passing, delivery, reach and segmentations on the detail screen, an ad paused, and
 * the summary PDF whose text matches the screen. Screens kept in English and Japanese.
 * Axe on each of these screens (and the Staff screen, Profile settings with the ad account's
 * ad groups open, My Audiences' upload dialog) in both languages, and their main actions by Tab alone.
 */
// New users start without creator access (as in production), so the staff screen has to give it.
const app = useJourneyServer({
  MAIL_FROM,
  SANDBOX_ACCOUNTS: '3000',
  STAFF_EMAIL_DOMAINS: 'example.com',
  CREATOR_ACCESS_FOR_NEW_USERS: 'false',
});
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

/**
 * The wizard's start picker open, its month heading in the interface language, at 1280 and 390 px
 * (`${name}-1280`, `${name}-390`); closed again with Escape.
 */
async function datePickerBothWidths(page: Page, start: string, month: RegExp, name: string) {
  const viewport = page.viewportSize()!;
  for (const [width, size] of [
    [1280, viewport],
    [390, { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.getByRole('button', { name: start, exact: true }).click();
    await expect(page.getByRole('dialog').getByText(month)).toBeVisible();
    await screenshot(page, `${name}-${width}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await page.setViewportSize(viewport);
}

/**
 * Our own OAuth 1.0a consent in the sandbox for the X account with `handle` (the one the user
 * connected in the app), so that the test can read X's Ads API as that account to check what
 * Murmur published. X issues a separate token each time; the app's own token stays valid.
 */
async function xTokensOf(page: Page, serverUrl: string, handle: string) {
  const requested = await page.request.get(
    `${serverUrl}/rest-auth/twitter/request_token/?oauth_callback=${encodeURIComponent(`${serverUrl}/login/twitter`)}`,
  );
  const { authorize_url } = (await requested.json()) as { authorize_url: string };
  const consent = await page.request.get(`${authorize_url}&force_login=true&q=${encodeURIComponent(handle)}`);
  const html = await consent.text();
  const post = /<form method="post">([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const form: Record<string, string> = {};
  for (const m of post.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    form[m[1]!] = m[2]!.replace(/&amp;/g, '&');
  const label = post.split('<label').find((l) => l.includes(`@${handle}<`)) ?? '';
  form.account = /value="(\d+)"/.exec(label)![1]!;
  form.decision = 'allow';
  const decided = await page.request.post(`${authorize_url}&force_login=true`, { form, maxRedirects: 0 });
  const back = new URL(decided.headers().location!);
  const exchanged = await page.request.get(
    `${serverUrl}/rest-auth/twitter/access_token/?${back.searchParams.toString()}`,
  );
  return (await exchanged.json()) as { access_token: string; access_token_secret: string };
}

/**
 * My Audiences at 1280 px, then at 390 px where each audience is a block of its columns: nothing cut
 * off at the right (the upload status and the actions were beyond a sideways scroll).
 */
async function myAudiencesOnAPhone(page: Page, lang: 'en' | 'ja') {
  await screenshot(page, `campaigns-my-audiences-${lang}-1280`);
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => contentCutOff(page)).toEqual([]);
  await screenshot(page, `campaigns-my-audiences-${lang}-390`);
  await page.setViewportSize(viewport);
}

/** Axe on the screen as it is; soft, so the journey goes on and lists every finding. */
const axe = (page: Page, screen: string) => expectAccessible(page, screen, { soft: true });

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
  // A page of its own context (not browser.newPage): axe injects itself into the context's frames.
  const page = await (await browser.newContext({ baseURL: app.server.url, acceptDownloads: true })).newPage();
  page.setDefaultTimeout(20_000);
  const url = app.server.url;
  const api = apiFor(page, url);
  let slug = '';
  let x: ReturnType<typeof xAds> | undefined;
  let accountId = '';
  let currency = 'EUR';

  await test.step('sign in and create the team; creator access from staff', async () => {
    await signIn(page, app.sink, 'nora@example.com');
    await expect(page).toHaveURL(/\/welcome/);
    await createTeamFromWelcome(page, 'Coffee Launch', 'coffee-launch');
    slug = 'coffee-launch';
    // SPEC §6: saving from the creator needs the Audience_creator group, which internal staff give
    // on their Staff screen (Nora's address is on the staff domain here, so she gives it to herself).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Staff' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/staff`));
    await page.getByLabel("User's email address").fill('Nora@example.com');
    await page.getByRole('button', { name: 'Find user' }).click();
    const found = page.getByTestId('staff-user');
    await expect(found).toContainText('nora@example.com');
    await expect(found).toContainText('No groups');
    await page.getByRole('button', { name: 'Give creator access' }).click();
    await expect(found).toContainText('Audience creator');
    await expect(page.getByRole('button', { name: 'Remove creator access' })).toBeVisible();
    await screenshot(page, 'campaigns-staff-en');
    await axe(page, 'staff (en)');
    await expectReachableByTab(page, 'staff', {
      'Find user': page.getByRole('button', { name: 'Find user' }),
      'Remove creator access': page.getByRole('button', { name: 'Remove creator access' }),
    });
    const me = await api<{ groups: { name: string }[] }>('GET', '/api/user/me/');
    expect(me.groups).toEqual([{ name: 'Audience_creator' }]);
    await page.reload();
  });

  await test.step('connect X in the app, open an ad account in the sandbox Ads Manager, grant it to the team', async () => {
    const connected = await connectAdAccount(page, url, slug, undefined, 'Coffee Launch on X');
    accountId = connected.accountId;
    const handle = connected.handle;
    await axe(page, 'team settings with a granted ad account (en)');
    x = xAds(url, await xTokensOf(page, url, handle));
    // The campaign pays in the ad account's currency (X's funding instrument).
    const instruments = await x<{ currency: string }[]>(`accounts/${accountId}/funding_instruments`);
    currency = instruments[0]!.currency === 'JPY' ? 'YEN' : instruments[0]!.currency;
  });

  await test.step('two audiences built in the audience creator', async () => {
    for (const [name, keyword, language] of [
      ['Coffee lovers', 'coffee', 'English'],
      ['Music fans', 'music', null],
    ] as const) {
      await page.goto(`/${slug}/team`);
      await page.getByRole('link', { name: 'Audience creator' }).click();
      await expect(page.getByRole('heading', { name: 'Audience creator' })).toBeVisible();
      const startOver = page.getByRole('button', { name: 'Start over' });
      if (await startOver.isVisible()) await startOver.click();
      await page.getByRole('textbox', { name: 'Keywords' }).fill(keyword);
      await page.getByRole('textbox', { name: 'Keywords' }).press('Enter');
      await expect(page.getByRole('checkbox', { name: keyword })).toBeChecked();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      if (language) {
        await page.getByRole('textbox', { name: 'Languages' }).fill(language);
        await page.getByRole('option', { name: language, exact: true }).click();
        await expect(page.getByRole('checkbox', { name: language })).toBeChecked();
      }
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel(/Audience name/).fill(name);
      if (name === 'Coffee lovers') {
        // The size panel settles first (it is busy while the estimate updates).
        await expect(page.locator('[aria-labelledby="creator-size-title"]')).toHaveAttribute(
          'aria-busy',
          'false',
        );
        await screenshotBothWidths(page, 'campaigns-audience-en', { nothingCutOff: true });
        await axe(page, 'creator review with a built audience and its size (en)');
      }
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('status').filter({ hasText: `“${name}” is saved` })).toBeVisible();
    }
  });

  await test.step('My Audiences: the actions menu and the upload dialog with the granted ad account', async () => {
    await page.goto(`/${slug}/audiences`);
    const actions = page.getByRole('button', {
      name: tr('en', 'audiences.actions.label', { name: 'Coffee lovers' }),
    });
    await expect(actions).toBeVisible();
    await myAudiencesOnAPhone(page, 'en');
    await axe(page, 'my audiences (en)');
    await expectReachableByTab(page, 'my audiences', { 'the actions of Coffee lovers': actions });
    await page.keyboard.press('Enter');
    const upload = page.getByRole('menuitem', { name: tr('en', 'xAds.upload.action') });
    await expect(upload).toBeVisible();
    await axe(page, 'my audiences, actions menu open (en)');
    await upload.click();
    const dialog = page.getByRole('dialog', { name: tr('en', 'xAds.upload.title') });
    await expect(dialog.getByRole('button', { name: tr('en', 'xAds.upload.submit') })).toBeEnabled();
    await screenshot(page, 'campaigns-upload-dialog-en');
    await axe(page, 'upload dialog (en)');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Share copies the audience's insights link and says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await actions.click();
    await page.getByRole('menuitem', { name: tr('en', 'audiences.actions.share') }).click();
    await expect(page.getByText(tr('en', 'audiences.actions.linkCopied'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/${slug}/insights\\?config=\\d+$`),
    );
    await axe(page, 'my audiences, link copied (en)');
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
    await axe(page, 'media (en)');
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
    await axe(page, 'creatives (en)');
  });

  let campaignId = 0;
  await test.step('the wizard: campaign, two ad sets, three ads, publish', async () => {
    await page.goto(`/${slug}/campaigns`);
    await expect(page.getByText('No results')).toBeVisible();
    await axe(page, 'campaigns, none yet (en)');
    await expectReachableByTab(page, 'campaigns', {
      'New campaign': page.getByRole('link', { name: 'New campaign' }),
    });
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Coffee week');
    await page.getByRole('textbox', { name: 'Ad account' }).click();
    await page.getByRole('option').first().click();
    // The currency defaults to the one the ad account pays in on X.
    await expect(page.getByRole('textbox', { name: 'Currency' })).toHaveValue(new RegExp(`^${currency}\\b`));
    await expect(page.getByText('The ad account pays in')).toBeVisible();
    await page.getByRole('textbox', { name: 'Daily budget' }).fill('150');
    await screenshotBothWidths(page, 'campaigns-wizard-1-en', { nothingCutOff: true });
    // On a phone the four steps stay on one row (only the current one keeps its label).
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    // Polled: the steps lose their labels on the render after the resize, not at once.
    await expect
      .poll(async () => {
        const tops = await page
          .locator('.mantine-Stepper-step')
          .evaluateAll((steps) => steps.map((step) => Math.round(step.getBoundingClientRect().top)));
        return new Set(tops).size;
      })
      .toBe(1);
    await page.setViewportSize(wide);
    await datePickerBothWidths(page, 'Start', /^[A-Z][a-z]+ \d{4}$/, 'campaigns-wizard-1-dates-en');
    await axe(page, 'campaign wizard, campaign step (en)');
    await expectReachableByTab(page, 'the wizard', {
      Continue: page.getByRole('button', { name: 'Continue' }),
    });
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
    await axe(page, 'campaign wizard, ad sets step (en)');
    // A half-typed ad set survives going back to the campaign step and on again (nothing lost).
    await page.getByRole('textbox', { name: 'Ad set name' }).fill('Half-typed');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: 'Ad set name' })).toBeHidden();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('textbox', { name: 'Ad set name' })).toHaveValue('Half-typed');
    await page.getByRole('textbox', { name: 'Ad set name' }).fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const creative of ['Beans', 'Cup']) {
      await page.getByRole('textbox', { name: 'Creative · Coffee fans' }).click();
      await page.getByRole('option', { name: creative, exact: true }).click();
      await page.getByRole('button', { name: 'Add ad' }).filter({ visible: true }).first().click();
      await expect(page.getByTestId('ad').filter({ hasText: creative })).toBeVisible();
    }
    // The third ad is written in the wizard (kept as a creative of the team), not picked.
    await expect(page.getByText('No ads in this ad set yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Write a new ad · Music fans' }).click();
    await page
      .getByRole('textbox', { name: 'Post text · Music fans' })
      .fill('Coffee and music go together, every morning');
    await page.getByRole('textbox', { name: 'Image · Music fans' }).click();
    await page.getByRole('option', { name: 'cup.png' }).click();
    await expect(page.getByLabel('Preview').getByRole('img', { name: 'cup.png' })).toBeVisible();
    await screenshotBothWidths(page, 'campaigns-wizard-3-write-en', { nothingCutOff: true });
    await page.getByRole('button', { name: 'Add this ad' }).click();
    await expect(
      page.getByTestId('ad').filter({ hasText: 'Coffee and music go together, every morning' }),
    ).toBeVisible();
    await expect(page.getByText('No ads in this ad set yet.')).toBeHidden();
    await screenshotBothWidths(page, 'campaigns-wizard-3-en', { nothingCutOff: true });
    await axe(page, 'campaign wizard, ads step (en)');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('button', { name: 'Publish to X' })).toBeVisible();
    await screenshot(page, 'campaigns-wizard-4-en');
    await axe(page, 'campaign wizard, review step (en)');
    await expectReachableByTab(page, 'the review step', {
      'Publish to X': page.getByRole('button', { name: 'Publish to X' }),
    });
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
    const stats = await api<{
      currency: string;
      totals: { impressions: number; spent: number };
      days: { day: string; impressions: number }[];
    }>('GET', `/api/campaigns/${campaignId}/statstotal/`);
    expect(stats.totals.impressions).toBeGreaterThan(0);
    await expect(page.getByTestId('figure-Impressions')).toHaveText(
      formatLargeNumber(stats.totals.impressions),
    );
    await expect(page.getByTestId('figure-Spent')).toHaveText(
      formatMoney(stats.totals.spent, stats.currency as Parameters<typeof formatMoney>[1]),
    );
    // The estimated audience (Murmur's) and the accounts reached (X's) are shown apart.
    await expect(page.getByTestId('estimated-audience')).toContainText('Estimated audience');
    await expect(page.getByTestId('reach')).toContainText('accounts');
    await expect(page.getByTestId('accounts-reached')).toContainText('Accounts reached');
    await expect(page.getByRole('table', { name: 'Country' })).toBeVisible();
    // X's frequency: impressions ÷ accounts reached, at least 1 once delivered.
    const reach = await api<{ frequency: number; reached: number; size: number }>(
      'GET',
      `/api/campaigns/${campaignId}/reach/`,
    );
    expect(reach.frequency).toBeGreaterThanOrEqual(1);
    expect(reach.reached).toBeGreaterThan(0);
    expect(reach.reached).toBeLessThanOrEqual(stats.totals.impressions);
    await expect(page.getByTestId('frequency')).toContainText(reach.frequency.toFixed(2));
    await expect(page.getByTestId('frequency')).toContainText(formatLargeNumber(reach.reached));
    // Reach is X's: the same campaign read on the sandbox's Ads API over its whole delivery.
    const xCampaignId = (await api<{ x_campaign_id: string }>('GET', `/api/campaigns/${campaignId}/`))
      .x_campaign_id;
    const [fromX] = await x!<{ total_audience_reach: number }[]>(
      `stats/accounts/${accountId}/reach/campaigns`,
      {
        campaign_ids: xCampaignId,
        start_time: `${stats.days[0]!.day.slice(0, 8)}01T00:00:00Z`,
        end_time:
          new Date(Date.parse(stats.days.at(-1)!.day) + 30 * 86_400_000).toISOString().slice(0, 13) +
          ':00:00Z',
      },
    );
    expect(fromX!.total_audience_reach).toBe(reach.reached);
    // Genders by name, not X's keys.
    await expect(page.getByRole('table', { name: 'Gender' })).toContainText(/Male|Female/);
    await expect(page.getByRole('table', { name: 'Gender' })).not.toContainText(/MALE|FEMALE/);
    // The chart: a day's figures on keyboard focus, and every day in a table.
    const chart = page.getByTestId('delivery-chart');
    await chart.getByRole('img').last().focus();
    await expect(page.getByRole('tooltip')).toContainText(formatLargeNumber(stats.days.at(-1)!.impressions));
    await screenshot(page, 'campaigns-detail-en');
    await axe(page, 'campaign detail with the delivery chart and a tooltip (en)');
    // On a phone the page does not scroll sideways.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    // Nor is anything cut off at its right edge: the ads' figures and their Pause are on screen.
    await expect.poll(() => contentCutOff(page)).toEqual([]);
    await screenshot(page, 'campaigns-detail-en-390');
    await page.setViewportSize(desktop);
    await expectReachableByTab(page, 'campaign detail', {
      'Show as table': page.getByRole('button', { name: 'Show as table' }),
      'Download summary PDF': page.getByRole('button', { name: 'Download summary PDF' }),
      "an ad's Pause": page.getByTestId('ad-row').first().getByRole('button', { name: 'Pause' }),
    });
    await page.getByRole('button', { name: 'Show as table' }).click();
    const perDay = page.getByRole('table', { name: 'Delivery per day' });
    for (const d of stats.days) await expect(perDay).toContainText(formatLargeNumber(d.impressions));
    await axe(page, 'campaign detail, delivery as a table (en)');
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
    const frequency = /frequency ([\d.]+)/.exec((await page.getByTestId('frequency').textContent())!)![1]!;
    expect(text).toContain(`frequency ${frequency}`);
  });

  await test.step("Profile settings: the connected X account, its ad account's ad groups and ads open", async () => {
    await page.goto(`/${slug}/account`);
    const show = page.getByRole('button', {
      name: tr('en', 'xAds.adGroups.showFor', { account: 'Coffee Launch on X' }),
    });
    await expectReachableByTab(page, 'profile settings', { 'Ad groups and ads': show });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ad-groups')).toContainText('Coffee fans');
    await screenshot(page, 'campaigns-account-ad-groups-en');
    await axe(page, 'profile settings with ad groups open (en)');
  });

  await test.step('the same screens in Japanese', async () => {
    await api('PUT', '/api/user/me/', { language: 'ja' });
    await page.goto(`/${slug}/campaigns/${campaignId}`);
    await expect(page.getByRole('heading', { name: 'セグメント' })).toBeVisible();
    await expect(page.getByRole('table', { name: '性別' })).toContainText(/男性|女性/);
    await expect(page.getByRole('table', { name: '性別' })).not.toContainText(/MALE|FEMALE|Male|Female/);
    await expect(page.getByTestId('frequency')).toContainText('フリークエンシー');
    await expect(page.getByTestId('estimated-audience')).toContainText('推定オーディエンス');
    await expect(page.getByTestId('accounts-reached')).toContainText('リーチしたアカウント');
    // Interests by their Japanese names (X publishes them in English only).
    const seg = await api<Segmentations>('GET', `/api/campaigns/${campaignId}/segmentations/`);
    const interests = page.getByRole('table', { name: '興味関心' });
    for (const row of seg.interest.slice(0, 3)) {
      expect(segmentName('interest', row, 'ja')).not.toBe(row.label);
      await expect(interests).toContainText(segmentName('interest', row, 'ja'));
    }
    await screenshot(page, 'campaigns-detail-ja');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => contentCutOff(page)).toEqual([]);
    await screenshot(page, 'campaigns-detail-ja-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await axe(page, 'campaign detail (ja)');
    await page.goto(`/${slug}/staff`);
    await page.getByLabel('ユーザーのメールアドレス').fill('nora@example.com');
    await page.getByRole('button', { name: 'ユーザーを検索' }).click();
    await expect(page.getByTestId('staff-user')).toContainText('オーディエンスクリエイター');
    await screenshot(page, 'campaigns-staff-ja');
    await axe(page, 'staff (ja)');
    await page.goto(`/${slug}/audiences`);
    await expect(
      page.getByRole('button', { name: tr('ja', 'audiences.actions.label', { name: 'Coffee lovers' }) }),
    ).toBeVisible();
    await myAudiencesOnAPhone(page, 'ja');
    await page.goto(`/${slug}/campaigns`);
    await expect(page.getByRole('link', { name: 'Coffee week' })).toBeVisible();
    await screenshot(page, 'campaigns-overview-ja');
    await axe(page, 'campaigns (ja)');
    await page.goto(`/${slug}/creatives`);
    await expect(page.getByTestId('creative').first()).toBeVisible();
    await screenshot(page, 'campaigns-creatives-ja');
    await axe(page, 'creatives (ja)');
    await page.goto(`/${slug}/media`);
    await expect(page.getByTestId('media-item')).toHaveCount(2);
    await axe(page, 'media (ja)');
    await page.goto(`/${slug}/campaigns/new`);
    await expect(page.getByRole('button', { name: tr('ja', 'stepper.continue'), exact: true })).toBeVisible();
    await screenshot(page, 'campaigns-wizard-1-ja');
    await axe(page, 'campaign wizard, campaign step (ja)');
    // The start's calendar in Japanese, whatever the browser's language.
    await datePickerBothWidths(page, '開始', /^\d{4}年\d{1,2}月$/, 'campaigns-wizard-1-dates-ja');
    // A draft with an ad set and no ads yet: the ads step in Japanese, writing an ad in the wizard.
    const published = await api<{ audience_config: number }[]>('GET', `/api/campaigns/${campaignId}/adsets/`);
    const jaDraft = await api<{ id: number }>('POST', '/api/campaigns/', {
      team: slug,
      name: '秋のキャンペーン',
      objective: 'ENGAGEMENTS',
      ad_account_id: accountId,
      currency,
      budget_type: 'daily',
      daily_budget: 100,
    });
    await api('POST', '/api/adsets/', {
      campaign: jaDraft.id,
      name: 'コーヒー好き',
      audience_config: published[0]!.audience_config,
      placements: ['homeTimelines'],
    });
    await page.goto(`/${slug}/campaigns/new?draft=${jaDraft.id}`);
    await expect(page.getByRole('textbox', { name: /^名前/ })).toHaveValue('秋のキャンペーン');
    await page.getByRole('button', { name: tr('ja', 'stepper.continue'), exact: true }).click();
    await expect(page.getByTestId('adset').filter({ hasText: 'コーヒー好き' })).toBeVisible();
    await page.getByRole('button', { name: tr('ja', 'stepper.continue'), exact: true }).click();
    await expect(page.getByText(tr('ja', 'campaigns.wizard.noAds'))).toBeVisible();
    await page
      .getByRole('button', { name: `${tr('ja', 'campaigns.wizard.writeNew')} · コーヒー好き` })
      .click();
    await page
      .getByRole('textbox', { name: `${tr('ja', 'campaigns.wizard.adText')} · コーヒー好き` })
      .fill('毎朝、挽きたてのコーヒーを');
    await screenshotBothWidths(page, 'campaigns-wizard-3-write-ja', { nothingCutOff: true });
    await axe(page, 'campaign wizard, ads step writing an ad (ja)');
    await page.getByRole('button', { name: tr('ja', 'campaigns.wizard.writeAndAdd') }).click();
    await expect(page.getByTestId('ad').filter({ hasText: '毎朝、挽きたてのコーヒーを' })).toBeVisible();
    // Its detail before publishing: no delivery yet, and when to expect it.
    await page.goto(`/${slug}/campaigns/${jaDraft.id}`);
    await expect(page.getByTestId('no-delivery')).toContainText(tr('ja', 'campaigns.detail.expect.draft'));
    await screenshot(page, 'campaigns-detail-no-delivery-ja');
    await page.goto(`/${slug}/account`);
    await page
      .getByRole('button', { name: tr('ja', 'xAds.adGroups.showFor', { account: 'Coffee Launch on X' }) })
      .click();
    await expect(page.getByTestId('ad-groups')).toContainText('Coffee fans');
    await screenshot(page, 'campaigns-account-ad-groups-ja');
    await axe(page, 'profile settings with ad groups open (ja)');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.goto(`/${slug}/campaigns/${campaignId}`);
        await page.getByRole('button', { name: 'サマリー PDF をダウンロード' }).click();
      })(),
    ]);
    const ja = pdfText(readFileSync(await download.path()));
    expect(ja).toContain('キャンペーンサマリー');
    expect(ja).toMatch(/男性|女性/);
    expect(ja).not.toMatch(/\bMALE\b|\bFEMALE\b/);
  });
});
