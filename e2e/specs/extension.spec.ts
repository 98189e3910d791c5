import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { COUNTRIES } from '@murmur/core/countries';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { apiFor, waitForEngine } from '../support/audience-api';
import { pickRowAction, signIn } from '../support/audience-screens';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { tr } from '../support/locales';
import { screenshot } from '../support/screens';

/**
 * The extension's journey: Chromium with the built X Pro Targeting extension loaded. Connect X, see
 * the ad accounts, grant one to the team, accept the Japanese agreement in Japanese, upload an
 * audience and watch it become targetable as simulated time passes, open the sandbox Ads Manager,
 * apply a saved audience with 101 handles, 60 countries and a not-ready custom audience (alert,
 * confirm, cancel, confirm again), and find exactly the SPEC-filtered criteria on the line item
 * through the Ads API.
 */
const app = useJourneyServer({ MAIL_FROM, STAFF_EMAIL_DOMAINS: 'example.com' });
const ROOT = resolve(import.meta.dirname, '../..');

let context: BrowserContext;
test.afterAll(async () => {
  await context?.close();
});

async function payOnHostedCheckout(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/stripe\/c\/pay\/cs_test_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Kai Admin');
  await page.getByRole('button', { name: /^Subscribe/ }).click();
}

test('audiences reach an X ad account through the X Pro Targeting extension', async () => {
  test.setTimeout(300_000);
  const url = app.server.url;
  const extension = mkdtempSync(join(tmpdir(), 'xpt-extension-'));
  execFileSync(process.execPath, [join(ROOT, 'apps/extension/build.mjs')], {
    env: {
      ...process.env,
      EXTENSION_OUT: extension,
      MURMUR_ORIGINS: url,
      ADS_MANAGER_MATCHES: `${url}/sandbox/ads-manager/*`,
    },
  });
  context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'xpt-profile-')), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // Playwright starts Chromium with --disable-extensions unless told not to.
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
    baseURL: url,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  const page = await context.newPage();
  // In front of the persistent context's first tab: a page behind another draws no frame, so Mantine's
  // transitions never end and a Select's options stay invisible (CI, 2026-11-29: 5 min lost on one).
  await page.bringToFront();
  const api = apiFor(page, url);
  let handle = '';
  let adAccount = '';
  let hasPixel = false;
  let usageLink = '';

  await test.step('sign in, create the team, subscribe', async () => {
    await signIn(page, app.sink, 'kai@example.com');
    await expect(page).toHaveURL(/\/welcome/);
    await api('POST', '/api/teams/', { name: 'Apply Team' });
    await api('POST', '/api/staff/user-groups/', { email: 'kai@example.com', group: 'Audience_creator' });
    await page.goto('/apply-team/team');
    await page.getByLabel('Invoice email').fill('invoices@example.com');
    await page.getByLabel('Invoice name').fill('Apply Team KK');
    await page.getByRole('textbox', { name: 'Country' }).fill('Japan');
    await page.getByRole('option', { name: 'Japan' }).click();
    await page.getByRole('button', { name: 'Save billing details' }).click();
    await expect(page.getByText('The billing details have been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('plan-pro-month').getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await page.getByTestId('plan-pro-month').getByRole('button', { name: 'Subscribe' }).click();
    await payOnHostedCheckout(page);
    await expect(page.getByTestId('billing-status')).toContainText('Active', { timeout: 20_000 });
  });

  await test.step('connect X and open an ad account with a campaign in the sandbox Ads Manager', async () => {
    await page.goto('/apply-team/account');
    await page
      .getByRole('region', { name: 'Connected accounts' })
      .getByRole('button', { name: 'Connect X' })
      .click();
    await expect(page).toHaveURL(/\/sandbox\/x\/oauth\/authenticate/);
    const chosen = page.locator('label:has(input[type="radio"]:checked)');
    handle = /@([A-Za-z0-9_]+)/.exec(await chosen.innerText())![1]!;
    await page.getByRole('button', { name: 'Authorize app' }).click();
    await expect(page).toHaveURL(/\/apply-team\/account/, { timeout: 20_000 });

    const manager = await context.newPage();
    await manager.goto('/sandbox/ads-manager/');
    await manager.getByLabel('X handle').fill(handle);
    await manager.getByRole('button', { name: 'Sign in' }).click();
    await manager.getByLabel('New ad account name').fill('Apply Team on X');
    await manager.getByRole('button', { name: 'Create ad account' }).click();
    await expect(manager.locator('#account-name')).toHaveText('Apply Team on X');
    adAccount = /#\/accounts\/([a-z0-9]+)/.exec(manager.url())![1]!;
    await manager.getByLabel('New campaign name').fill('Spring launch');
    await manager.getByRole('button', { name: 'Create campaign with a line item' }).click();
    await expect(manager.getByRole('link', { name: 'Spring launch line item' })).toBeVisible();
    await manager.close();
  });

  await test.step('see the ad accounts, check access, grant one to the team', async () => {
    await page.bringToFront();
    await page.reload();
    const accounts = page.getByRole('region', { name: 'Ad accounts' });
    const row = accounts.getByRole('listitem').filter({ hasText: 'Apply Team on X' });
    await expect(row.getByText('Access not checked')).toBeVisible();
    await row.getByRole('button', { name: 'Check access Apply Team on X' }).click();
    await expect(row.getByText('Access', { exact: true })).toBeVisible();
    // SPEC §2 Profile settings: the ad account's ad groups (line items) and ads, read on X.
    await row.getByRole('button', { name: 'Show the ad groups and ads of Apply Team on X' }).click();
    const groups = page.getByRole('list', { name: 'Ad groups of Apply Team on X' });
    await expect(groups).toContainText('Spring launch line item');
    await expect(groups).toContainText('Campaign: Spring launch');
    await expect(groups).toContainText('No ads in this ad group.');
    await screenshot(page, 'x-ads-profile-settings-en');
    await page.goto('/apply-team/team');
    const granted = page.getByRole('region', { name: 'Teams granted access' });
    await granted.getByRole('textbox', { name: 'Ad account' }).click();
    await page.getByRole('option', { name: new RegExp(adAccount) }).click();
    await granted.getByRole('button', { name: 'Grant access' }).click();
    await expect(granted.getByTestId('granted-accounts')).toContainText(adAccount);
    await screenshot(page, 'x-ads-team-granted-en');
  });

  await test.step("see the granted ad account's measurement: pixel, web events, app events, apps", async () => {
    // What X lists for the account (derived per account by the sandbox): the screen must show it.
    const q = `team=apply-team&account_id=${adAccount}`;
    type Results = { results: { name?: string; app_store_identifier: string }[] };
    const pixel = await api<{ has_pixel: boolean }>('GET', `/api/has-pixel/?${q}`);
    const web = await api<Results>('GET', `/api/web-events/?${q}`);
    const appEvents = await api<Results>('GET', `/api/app-events/?${q}`);
    const apps = await api<Results>('GET', `/api/account-apps/?${q}`);
    hasPixel = pixel.has_pixel;
    expect(hasPixel).toBe(web.results.length > 0);

    await page.goto('/apply-team/account');
    // Keyboard: the toggle is focusable and opens with Enter.
    await page.getByRole('button', { name: 'Show the measurement of Apply Team on X' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('button', { name: 'Hide the measurement of Apply Team on X' }),
    ).toHaveAttribute('aria-expanded', 'true');
    const measurement = page.getByRole('region', { name: 'Measurement of Apply Team on X' });
    await expect(measurement.getByTestId('pixel-state')).toContainText(
      hasPixel ? 'X pixel installed' : 'No X pixel',
    );
    const part = async (
      list: string,
      empty: string,
      items: Results['results'],
      text: (i: Results['results'][number]) => string,
    ) => {
      if (items.length === 0) await expect(measurement.getByText(empty)).toBeVisible();
      else
        for (const item of items)
          await expect(measurement.getByRole('list', { name: list })).toContainText(text(item));
    };
    await part(
      'Web events of Apply Team on X',
      'No web events (conversion tags) on this ad account.',
      web.results,
      (e) => e.name!,
    );
    await part(
      'App events of Apply Team on X',
      'No app events on this ad account.',
      appEvents.results,
      (e) => e.app_store_identifier,
    );
    await part(
      'Apps of Apply Team on X',
      'No apps on this ad account.',
      apps.results,
      (e) => e.app_store_identifier,
    );
    await screenshot(page, 'x-ads-profile-measurement-en');
  });

  const handles = await (async () => {
    const text = await (await page.request.get(`${url}/sandbox/export`)).text();
    const out: string[] = [];
    for (const line of text.split('\n')) {
      if (!line.startsWith('{"type":"account"')) continue;
      const record = JSON.parse(line) as { handle: string };
      if (record.handle !== handle) out.push(record.handle);
      if (out.length === 101) break;
    }
    return out;
  })();
  expect(handles).toHaveLength(101);
  await waitForEngine(url);
  const save = (name: string, targeting_package: object) =>
    api<{ id: number }>('POST', '/api/audience-configs/', { name, targeting_package, team: 'apply-team' });
  await save('English speakers', { languages: [{ label: 'English' }] });
  await save('Japanese speakers', { languages: [{ label: 'Japanese' }] });

  await test.step('accept the Japanese agreement in Japanese and upload an audience', async () => {
    await page.goto('/apply-team/account');
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: '日本語' }).click();
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('button', { name: tr('ja', 'account.saveLanguage') })).toBeVisible();
    // The journey's settings screens in Japanese.
    await page
      .getByRole('button', { name: tr('ja', 'xAds.adGroups.showFor', { account: 'Apply Team on X' }) })
      .click();
    await expect(
      page.getByRole('list', { name: tr('ja', 'xAds.adGroups.listLabel', { account: 'Apply Team on X' }) }),
    ).toContainText('Spring launch line item');
    await page
      .getByRole('button', { name: tr('ja', 'xAds.measurement.showFor', { account: 'Apply Team on X' }) })
      .click();
    await expect(
      page
        .getByRole('region', { name: tr('ja', 'xAds.measurement.label', { account: 'Apply Team on X' }) })
        .getByTestId('pixel-state'),
    ).toContainText(
      tr('ja', hasPixel ? 'xAds.measurement.pixel.installed' : 'xAds.measurement.pixel.missing'),
    );
    await screenshot(page, 'x-ads-profile-settings-ja');
    await page.goto('/apply-team/team');
    await expect(page.getByRole('region', { name: tr('ja', 'xAds.granted.title') })).toContainText(adAccount);
    await screenshot(page, 'x-ads-team-granted-ja');
    await page.goto('/apply-team/audiences');
    await pickRowAction(
      page,
      tr('ja', 'audiences.actions.label', { name: 'English speakers' }),
      tr('ja', 'xAds.upload.action'),
    );
    await page.getByRole('button', { name: tr('ja', 'xAds.upload.submit') }).click();
    const agreement = page.getByRole('dialog', { name: tr('ja', 'xAds.agreement.title') });
    await expect(agreement.getByTestId('agreement-terms')).toContainText('100,000 円');
    await screenshot(page, 'x-ads-agreement-ja');
    // Accepting the agreement carries on with the upload: no second press of Upload.
    await agreement.getByRole('button', { name: tr('ja', 'xAds.agreement.accept') }).click();
    await expect(page.getByTestId('upload-state').first()).toContainText(tr('ja', 'xAds.state.processing'));
    await screenshot(page, 'x-ads-my-audiences-processing-ja');
  });

  await test.step('X processes the upload as simulated time passes', async () => {
    const advanced = await page.request.post(`${url}/sandbox/simulate/advance`, { data: { hours: 2 } });
    expect(advanced.ok()).toBe(true);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('upload-state').first().innerText();
        },
        { timeout: 60_000, intervals: [6_000] },
      )
      .toContain(tr('ja', 'xAds.state.ready'));
    await screenshot(page, 'x-ads-my-audiences-targetable-ja');
    // Another upload, not processed yet: the not-ready custom audience of the package applied below.
    await pickRowAction(
      page,
      tr('ja', 'audiences.actions.label', { name: 'Japanese speakers' }),
      tr('ja', 'xAds.upload.action'),
    );
    await page.getByRole('button', { name: tr('ja', 'xAds.upload.submit') }).click();
    await expect(page.getByTestId('upload-state')).toHaveCount(2);
  });

  await test.step('apply 101 handles, 60 countries and a not-ready custom audience from Ads Manager', async () => {
    await page.goto('/apply-team/account');
    await page.getByLabel(tr('ja', 'account.language'), { exact: true }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: tr('ja', 'account.saveLanguage') }).click();
    await expect(page.getByRole('button', { name: 'Save language' })).toBeVisible();
    const countries = COUNTRIES.filter((c) => c.selectable)
      .slice(0, 60)
      .map((c) => ({ label: c.name, id: c.code }));
    await save('Launch package', {
      handles: handles.map((h) => ({ handle: h })),
      countries,
      custom_audiences: [{ name: 'English speakers' }, { name: 'Japanese speakers' }],
    });

    const manager = await context.newPage();
    await manager.goto('/sandbox/ads-manager/');
    await manager.getByRole('link', { name: 'Apply Team on X' }).click();
    await manager.getByRole('link', { name: 'Spring launch line item' }).click();
    await expect(manager.locator('#targeting-form')).toBeVisible();

    await page.bringToFront();
    // The extension makes the custom-audience check and the usage record itself, with the extension
    // token the page hands it: the page's own calls to those two routes are cut off, so whatever
    // reaches the server there came from the extension's service worker.
    const pageCalls: string[] = [];
    await page.route(/\/api\/external\/(check-custom-audiences|audience-usages)\/$/, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      pageCalls.push(route.request().url());
      return route.abort();
    });
    const issued: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/user/extension-token/') && response.status() === 200)
        void response.json().then((body: { token: string }) => issued.push(body.token));
    });
    await page.goto('/apply-team/audiences');
    await expect(page.getByTestId('extension-status')).toContainText('Apply Team on X');
    await screenshot(page, 'x-ads-my-audiences-en');
    const dialogs: string[] = [];
    let confirmAnswer = false;
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void (dialog.type() === 'confirm' && !confirmAnswer ? dialog.dismiss() : dialog.accept());
    });
    const applyLaunch = async () => {
      await pickRowAction(
        page,
        tr('en', 'audiences.actions.label', { name: 'Launch package' }),
        'Apply to ad account',
      );
    };
    await applyLaunch();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs).toEqual([
      'alert: More than 100 handles are selected: only the first 100 handles are applied.',
      'confirm: Some custom audiences are not ready and will not be applied. This may take up to 48 hours to be processed by X. Do you still want to apply the rest of the targeting package?',
    ]);
    // Cancel aborted: nothing reached the line item.
    await manager.waitForTimeout(1500);
    await expect(manager.locator('#criteria-empty')).toBeVisible();

    confirmAnswer = true;
    await applyLaunch();
    await expect.poll(() => dialogs.length).toBe(4);
    await expect(manager.locator('#form-status')).toContainText('Saved 101 targeting criteria.', {
      timeout: 30_000,
    });
    await screenshot(manager, 'x-ads-ads-manager-applied-en');

    // Through the Ads API: 100 look-alikes, the ready custom audience, no countries (60 ≥ 50).
    const token = await manager.locator('meta[name="ads-token"]').getAttribute('content');
    const lineItem = await manager.locator('#targeting-form').getAttribute('data-line-item-id');
    const res = await page.request.get(
      `${url}/sandbox/ads/12/accounts/${adAccount}/targeting_criteria?line_item_ids=${lineItem}&count=1000`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const criteria = (
      (await res.json()) as { data: { targeting_type: string; name: string; operator_type: string }[] }
    ).data;
    const byType = (type: string) => criteria.filter((c) => c.targeting_type === type);
    expect(
      byType('FOLLOWER_LOOK_ALIKES')
        .map((c) => c.name.replace(/^@/, ''))
        .sort(),
    ).toEqual(handles.slice(0, 100).sort());
    expect(byType('CUSTOM_AUDIENCE').map((c) => [c.name, c.operator_type])).toEqual([
      ['English speakers', 'EQ'],
    ]);
    expect(byType('LOCATION')).toEqual([]);
    expect(criteria).toHaveLength(101);

    // The usage was recorded (state "applied"), though the page could not make that call.
    expect(pageCalls).toEqual([]);
    const usages = await api<{ state: string; ad_account_id: string; countries: string[] }[]>(
      'GET',
      '/api/external/audience-usages/',
    );
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({ state: 'applied', ad_account_id: adAccount, countries: [] });

    // The extension keeps the token the page was issued last (one per application; each replaces
    // the one before), for this Murmur origin only; it reaches the extension's routes and nothing else.
    expect(issued).toHaveLength(2);
    const [worker] = context.serviceWorkers().filter((w) => w.url().startsWith('chrome-extension://'));
    const kept = await worker!.evaluate(async () => {
      const ext = (
        globalThis as unknown as { chrome: { storage: { local: { get(key: string): Promise<object> } } } }
      ).chrome;
      return (await ext.storage.local.get('xptTokens')) as { xptTokens: Record<string, string> };
    });
    expect(kept.xptTokens).toEqual({ [url]: issued[1] });
    const asExtension = (token: string) => ({ headers: { authorization: `Token ${token}` } });
    expect((await page.request.get(`${url}/api/user/me/`, asExtension(issued[1]!))).status()).toBe(403);
    const replaced = await page.request.post(`${url}/api/external/check-custom-audiences/`, {
      ...asExtension(issued[0]!),
      data: { ad_account_id: adAccount, custom_audience_names: ['English speakers'] },
    });
    expect(replaced.status()).toBe(403);
    const current = await page.request.post(`${url}/api/external/check-custom-audiences/`, {
      ...asExtension(issued[1]!),
      data: { ad_account_id: adAccount, custom_audience_names: ['English speakers'] },
    });
    expect(await current.json()).toEqual({
      custom_audiences: [{ name: 'English speakers', targetable: true }],
    });
  });

  await test.step('the usage’s share link from My audiences: EN and JA, 1280 and 390 px', async () => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    for (const lang of ['en', 'ja'] as const) {
      await api('PUT', '/api/user/me/', { language: lang });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.goto('/apply-team/audiences');
        // By keyboard: the row's actions button, then the menu item, then the dialog's controls.
        const actions = page.getByRole('button', {
          name: tr(lang, 'audiences.actions.label', { name: 'Launch package' }),
        });
        const item = page.getByRole('menuitem', { name: tr(lang, 'audiences.actions.usageLinks') });
        // As pickRowAction: Enter again if the menu's code replaced the button in that instant.
        await expect(async () => {
          if (!(await item.isVisible())) {
            await actions.focus();
            await page.keyboard.press('Enter');
          }
          await expect(item).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
        await item.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', {
          name: tr(lang, 'audiences.usageLinks.title', { name: 'Launch package' }),
        });
        const card = dialog.getByRole('region', { name: new RegExp(adAccount) });
        await expect(card).toBeVisible();
        if (lang === 'en' && width === 1280) {
          await expect(card).toContainText(tr('en', 'audiences.usageLinks.noLink'));
          const to = card.getByRole('textbox', { name: tr('en', 'audiences.usageLinks.shareWith') });
          await to.fill('ann@example.com');
          await to.press('Enter');
          const mark = app.sink.mark();
          await card.getByRole('button', { name: tr('en', 'audiences.usageLinks.share') }).click();
          const field = card.getByLabel(tr('en', 'audiences.usageLinks.code'), { exact: true });
          await expect(field).toHaveValue(new RegExp(`^${url}/shared-usage/\\d+\\.\\w+$`));
          usageLink = await field.inputValue();
          // Ann is mailed the same link, in Kai's language.
          const mail = await app.sink.waitFor((m) => m.to.includes('ann@example.com'), { after: mark });
          expect(mail.text).toContain(usageLink);
        }
        await expect(card).toContainText(tr(lang, 'audiences.usageLinks.recipients_one', { count: 1 }));
        await screenshot(page, `usage-links-${lang}-${width}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    // The owner's own read shows the recipient and the link's end; nobody else's would.
    const [shared] = await api<{ shared_with: string[]; share_expires_at: string | null }[]>(
      'GET',
      '/api/external/audience-usages/',
    );
    expect(shared).toMatchObject({ shared_with: ['ann@example.com'], share_expires_at: expect.any(String) });
  });

  await test.step('the mailed link opens the shared targeting, signed out: EN and JA, 1280 and 390 px', async () => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      for (const [lang, locale] of [
        ['en', 'en-US'],
        ['ja', 'ja-JP'],
      ] as const) {
        const visitor = await browser.newPage({ locale, viewport: { width: 1280, height: 800 } });
        for (const width of [1280, 390]) {
          await visitor.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await visitor.goto(usageLink);
          await expect(
            visitor.getByRole('heading', { name: new RegExp(`${adAccount}`) }),
            'the shared usage names its ad account',
          ).toBeVisible();
          await expect(
            visitor.getByRole('table', { name: tr(lang, 'audiences.sharedUsage.criteria') }),
          ).toBeVisible();
          await expect(visitor.getByText('ann@example.com')).toHaveCount(0);
          await expect(
            visitor.getByRole('button', { name: tr(lang, 'audiences.sharedUsage.signIn') }),
          ).toBeVisible();
          await screenshot(visitor, `shared-usage-${lang}-${width}`);
        }
        // The insights of the shared targeting, as a signed-out visitor may see them.
        await visitor.getByRole('link', { name: tr(lang, 'audiences.sharedUsage.insights') }).click();
        await expect(visitor).toHaveURL(/\/insights\?package=/);
        // A link that no longer works says so instead of failing.
        await visitor.goto(`${usageLink.replace(/\.\w+$/, '.')}0000000000000000`);
        await expect(visitor.getByText(tr(lang, 'audiences.sharedUsage.deadTitle'))).toBeVisible();
        await visitor.close();
      }
    } finally {
      await browser.close();
    }
  });
});
