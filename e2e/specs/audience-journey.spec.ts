import type { Iconography } from '@murmur/core/api';
import { formatLargeNumber } from '@murmur/core/format';
import { expect, test } from '@playwright/test';
import {
  apiFor,
  expectedSize,
  waitForEngine,
  watchJobs,
  type AudienceConfig,
  type Insights,
  type Pkg,
} from '../support/audience-api';
import { expectPanelPng, expectZipOfPanels } from '../support/audience-exports';
import {
  AUDIENCE,
  checkMyAudiences,
  compareAudiences,
  expectSize,
  OTHER_AUDIENCE,
  otherScreens,
  savedPanel,
  signIn,
  TEAM,
} from '../support/audience-screens';
import { checkTab, openTab, region, TABS } from '../support/insights-screen';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { tr } from '../support/locales';
import { screenshot } from '../support/screens';

/**
 * The audience journey: build an audience in the creator from a handle, an interest, Japan and the
 * Japanese language while its size changes (each size checked against the API); save it; open its
 * insights and find the API's figures in every tab; export a panel as PNG and all of them as a zip;
 * find it in My Audiences and compare it with another. Every screen of the audience features is kept
 * as a screenshot in English and in Japanese (e2e/artifacts/screens/).
 */
// maya@example.com is internal staff (SPEC §6 by address domain), so she can give herself creator access.
const app = useJourneyServer({ MAIL_FROM, SANDBOX_ACCOUNTS: '3000', STAFF_EMAIL_DOMAINS: 'example.com' });

test.beforeAll(() => waitForEngine(app.server.url));

test.setTimeout(720_000);

// One journey, told in steps: a failure names the step it happened in (the report and the trace
// show each step's time too). The steps share the page and what earlier steps learnt.
test('builds an audience from a handle, an interest, Japan and Japanese; studies, saves, exports and compares it', async ({
  browser,
}) => {
  const page = await browser.newPage({ baseURL: app.server.url, acceptDownloads: true });
  const api = apiFor(page, app.server.url);
  const jobs = watchJobs(page);
  const pkg: Pkg = {};
  /** The formatted size after each criterion, as the API computes it. */
  const sizes: string[] = [];

  await test.step('sign in and create the team', async () => {
    await signIn(page, app.sink, 'maya@example.com');
    await expect(page).toHaveURL(/\/welcome/);
    await page
      .getByRole('button', { name: 'Create a team' })
      .or(page.getByRole('link', { name: 'Create a team' }))
      .first()
      .click();
    await page.getByLabel('Team name').fill('Tokyo Launch');
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect(page).toHaveURL(new RegExp(`/${TEAM}/team`));
    // SPEC §6: saving from the creator needs the Audience_creator group, which staff give.
    await api('POST', '/api/staff/user-groups/', { email: 'maya@example.com', group: 'Audience_creator' });
    await page.reload();
  });

  await test.step('the empty creator says what to do', async () => {
    await page.getByRole('link', { name: 'Audience creator' }).click();
    await expect(page.getByRole('heading', { name: 'Audience creator' })).toBeVisible();
    await expect(page.getByText(tr('en', 'creator.size.empty'))).toBeVisible();
    await screenshot(page, 'creator-0-empty-en');
  });

  const handle = await test.step('1. a handle from the network, confirmed by it', async () => {
    await page.getByRole('textbox', { name: 'Handles' }).fill('a');
    const suggestion = page.getByRole('option').first();
    await expect(suggestion).toBeVisible();
    const picked = ((await suggestion.getAttribute('aria-label')) ?? '').replace(/^@/, '');
    expect(picked).not.toBe('');
    await screenshot(page, 'creator-1-handle-autocomplete-en');
    await suggestion.click();
    const checked = await api<{ valid: boolean; account: { name: string; followers_count: number } | null }>(
      'POST',
      '/api/external/validate-handle/',
      { handle: picked },
    );
    expect(checked.valid).toBe(true);
    const chip = page
      .getByRole('group', { name: tr('en', 'creator.selectedItems') })
      .filter({ hasText: `@${picked}` });
    await expect(chip).toContainText(checked.account!.name);
    // The chip carries its criterion's icon from the server's set (GET /api/iconography/).
    const icons = await api<Iconography>('GET', '/api/iconography/');
    await expect(chip.locator(`svg[data-icon="${icons.criteria.handles}"]`)).toBeVisible();
    // X's public count, named as X's figure.
    await expect(chip).toContainText(
      `${tr('en', 'figures.xFollowers')} ${formatLargeNumber(checked.account!.followers_count)}`,
    );
    pkg.handles = [{ handle: picked }];
    sizes.push(await expectedSize(api, pkg));
    await expectSize(page, sizes[0]!);
    await screenshot(page, 'creator-1-people-en');
    return picked;
  });

  await test.step('2. an interest', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Interests' }).fill('anime');
    const animeOption = page.getByRole('option', { name: /Anime and manga/ }).first();
    const interestLabel = (await animeOption.getAttribute('aria-label')) ?? '';
    await animeOption.click();
    await expect(page.getByRole('checkbox', { name: interestLabel })).toBeChecked();
    const found = await api<{ interests: { value: string; label: string }[] }>(
      'POST',
      '/api/external/interests/search/',
      { keywords: 'anime' },
    );
    const interest = found.interests.find((item) => item.label === interestLabel);
    expect(interest, `the catalogue has ${interestLabel}`).toBeDefined();
    pkg.interests = [{ label: interest!.label, id: interest!.value }];
    sizes.push(await expectedSize(api, pkg));
    await expectSize(page, sizes[1]!);
    await screenshot(page, 'creator-2-interests-en');
  });

  await test.step("3. Japan (the Democratic People's Republic of Korea is listed but cannot be picked), then Japanese", async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    const countries = page.getByRole('textbox', { name: 'Countries' });
    await countries.fill('korea');
    await expect(page.getByRole('option', { name: "Democratic People's Republic of Korea" })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page.getByText(tr('en', 'creator.countries.notAvailable'))).toBeVisible();
    await screenshot(page, 'creator-3-countries-dprk-en');
    await countries.fill('Japan');
    await countries.press('Enter');
    await expect(page.getByRole('checkbox', { name: 'Japan' })).toBeChecked();
    pkg.countries = [{ label: 'Japan', id: 'JP' }];
    sizes.push(await expectedSize(api, pkg));
    await expectSize(page, sizes[2]!);
    await page.getByRole('textbox', { name: 'Languages' }).fill('Japanese');
    await page.getByRole('option', { name: 'Japanese', exact: true }).click();
    const { languages } = await api<{ languages: { value: string; label: string }[] }>(
      'GET',
      '/api/external/languages/',
    );
    const japanese = languages.find((item) => item.label === 'Japanese');
    expect(japanese).toBeDefined();
    pkg.languages = [{ label: japanese!.label, id: japanese!.value }];
    sizes.push(await expectedSize(api, pkg));
    await expectSize(page, sizes[3]!);
    await screenshot(page, 'creator-3-location-en');
    // The size changed with every criterion.
    for (let i = 1; i < sizes.length; i++)
      expect(sizes[i], `size after criterion ${i + 1}`).not.toBe(sizes[i - 1]);
  });

  const saved = await test.step('4–5. demographics left open; named and saved', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await screenshot(page, 'creator-4-demographics-en');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel(/Audience name/).fill(AUDIENCE);
    // Each criterion of the summary is headed by its icon of the set.
    const icons = await api<Iconography>('GET', '/api/iconography/');
    const summary = page.getByRole('table', { name: tr('en', 'creator.review.summary') });
    await expect(
      summary
        .locator('th')
        .filter({ hasText: tr('en', 'creator.fields.interests.label') })
        .locator(`svg[data-icon="${icons.criteria.interests}"]`),
    ).toBeVisible();
    await screenshot(page, 'creator-5-review-en');
    await page.getByRole('button', { name: 'Submit' }).click();
    const status = savedPanel(page, 'en', AUDIENCE);
    await expect(status).toBeVisible();
    await expect(status).toContainText(sizes[3]!);
    await screenshot(page, 'creator-6-saved-en');
    return status;
  });

  // The page computes the insights as a job; each tab shows its result.
  const { configId, report, panels } =
    await test.step('insights of the saved audience, every tab', async () => {
      await saved.getByRole('link', { name: 'Open insights' }).click();
      await expect(page).toHaveURL(new RegExp(`/${TEAM}/insights\\?config=\\d+`));
      const id = Number(new URL(page.url()).searchParams.get('config'));
      const result = (await jobs.finished(/insights/)).result as Insights;
      await expect(page.getByRole('tab', { name: 'Summary' })).toBeVisible({ timeout: 60_000 });
      let count = 0;
      for (const tab of TABS) {
        count += await checkTab(page, 'en', tab, result);
        await screenshot(page, `insights-${tab}-en`);
      }
      return { configId: id, report: result, panels: count };
    });

  await test.step('export one panel as PNG, and all of them as a zip', async () => {
    // One panel (with avatars) as PNG: a real, non-blank image of the panel.
    const summary = await openTab(page, 'en', 'summary');
    await expectPanelPng(page, region(summary, 'en', 'influentialAccounts'), 'influential-accounts.png');
    // Export all: a zip holding one PNG per panel of every tab.
    await expectZipOfPanels(page, panels, ['summary-influential-accounts.png', 'content-wall-top-posts.png']);
  });

  const config = await test.step('My Audiences lists it with the size the creator showed', async () => {
    const stored = await api<AudienceConfig>('GET', `/api/audience-configs/${configId}/`);
    expect(stored.name).toBe(AUDIENCE);
    expect(formatLargeNumber(stored.size)).toBe(sizes[3]);
    await page.getByRole('link', { name: 'My Audiences' }).first().click();
    await checkMyAudiences(page, 'en', stored);
    await page.getByLabel('Search').fill('nothing like this');
    await expect(page.getByText(tr('en', 'table.noResults'))).toBeVisible();
    await page.getByLabel('Search').fill('');
    return stored;
  });

  await test.step('a second audience (the interest alone), then the two compared', async () => {
    await api('POST', '/api/audience-configs/', {
      name: OTHER_AUDIENCE,
      team: TEAM,
      targeting_package: { interests: pkg.interests },
    });
    await page.reload();
    await expect(page.getByRole('link', { name: OTHER_AUDIENCE, exact: true })).toBeVisible();
    await compareAudiences(page, 'en', jobs);
  });

  await test.step('the other audience screens in English', () => otherScreens(page, api, 'en', handle));

  await test.step('switch to Japanese', async () => {
    await page.goto(`/${TEAM}/account`);
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: '日本語' }).click();
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
  });

  await test.step('Japanese: the creator step by step, holding the same package', async () => {
    // The "build an audience from this" link.
    const encoded = Buffer.from(JSON.stringify(pkg)).toString('base64url');
    await page.goto(`/${TEAM}/creator?package=${encoded}`);
    await expect(page.getByRole('heading', { name: tr('ja', 'screens.creator'), level: 1 })).toBeVisible();
    // The same size, counted as Japanese screens count (万/億).
    await expectSize(page, formatLargeNumber(config.size, 'ja'));
    const steps = ['1-people', '2-interests', '3-location', '4-demographics', '5-review'];
    for (const [i, step] of steps.entries()) {
      if (i > 0) await page.getByRole('button', { name: tr('ja', 'stepper.continue') }).click();
      if (step === '5-review') await page.getByLabel(tr('ja', 'creator.review.name')).fill(AUDIENCE);
      await expect(page.getByRole('group', { name: tr('ja', 'creator.selectedItems') }).first()).toBeVisible({
        visible: i < 3,
      });
      await screenshot(page, `creator-${step}-ja`);
    }
  });

  await test.step('Japanese: every insights tab', async () => {
    await page.goto(`/${TEAM}/insights?config=${configId}`);
    await expect(page.getByRole('heading', { name: AUDIENCE })).toBeVisible();
    for (const tab of TABS) {
      await checkTab(page, 'ja', tab, report);
      await screenshot(page, `insights-${tab}-ja`);
    }
  });

  await test.step('Japanese: My Audiences and the comparison', async () => {
    await checkMyAudiences(page, 'ja', config);
    await compareAudiences(page, 'ja', jobs);
  });

  await test.step('the other audience screens in Japanese', () => otherScreens(page, api, 'ja', handle));
});

test('a signed-out visitor of the audience store is asked to sign in to save', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: app.server.url });
  await page.goto('/store');
  await expect(page.getByRole('link', { name: 'Sign in to save this audience' }).first()).toBeVisible({
    timeout: 20_000,
  });
  await screenshot(page, 'store-signed-out-en');
  await page.getByRole('link', { name: 'Sign in to save this audience' }).first().click();
  await expect(page).toHaveURL(/\/login/);
});
