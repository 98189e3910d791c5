import { formatLargeNumber } from '@murmur/core/format';
import { expect, test, type Page } from '@playwright/test';
import {
  apiFor,
  waitForEngine,
  watchJobs,
  type Api,
  type AudienceConfig,
  type Pkg,
} from '../support/audience-api';
import { expectSize, savedPanel } from '../support/audience-screens';
import { openTab } from '../support/insights-screen';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { contentCutOff, screenshot } from '../support/screens';
import { signInWithCode } from '../support/sign-in';

/**
 * The audience journey on a phone (390 × 844), in English and in Japanese: the navigation behind its
 * burger, the creator's steps with the live size kept in sight at the foot of the screen (SPEC's
 * sticky size bar) while the form scrolls, saving, the insights' tabs (those that do not fit under
 * "More"), and My Audiences — nothing cut off at the window's right edge on any of them. The laptop's
 * journey (audience-journey.spec.ts) checks every figure against the API; this one checks what a
 * phone changes. Same settings as the audiences project's other files: it shares their server.
 */
const app = useJourneyServer({ MAIL_FROM, SANDBOX_ACCOUNTS: '3000', STAFF_EMAIL_DOMAINS: 'example.com' });

test.beforeAll(() => waitForEngine(app.server.url));

const PHONE = { width: 390, height: 844 };
const INTEREST: Record<Lang, { typed: string; option: RegExp }> = {
  en: { typed: 'anime', option: /Anime and manga/ },
  ja: { typed: 'アニメ', option: /アニメ・マンガ/ },
};
const JAPAN: Record<Lang, string> = { en: 'Japan', ja: '日本' };

/** Opens a screen of the main navigation through the phone header's burger. */
async function navigate(page: Page, lang: Lang, screen: 'creator' | 'audiences'): Promise<void> {
  await page.getByRole('button', { name: tr(lang, 'header.toggleNav') }).click();
  const nav = page.getByRole('navigation', { name: tr(lang, 'nav.label') });
  await nav.getByRole('link', { name: tr(lang, `nav.${screen}`), exact: true }).click();
  // The navigation slides away behind the choice: the screen is not covered on a phone.
  await expect(nav).not.toBeInViewport();
}

/** The live size bar is whole inside the window (at its foot while the form scrolls). */
async function expectSizeBarInSight(page: Page): Promise<void> {
  const bar = page.getByTestId('size-bar');
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => {
      const box = await bar.boundingBox();
      return (
        box !== null &&
        box.y >= 0 &&
        box.y + box.height <= PHONE.height &&
        box.x >= 0 &&
        box.x + box.width <= PHONE.width
      );
    })
    .toBe(true);
}

/** Nothing of the main content past the window's right edge; the screen kept as `name` (a phone's). */
async function nothingCutOff(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => contentCutOff(page), { message: `${name}: content past the right edge` })
    .toEqual([]);
  await screenshot(page, name);
}

for (const lang of ['en', 'ja'] as const) {
  test(`on a phone (${lang}): builds an audience with its size in sight, saves it and studies it`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({
      baseURL: app.server.url,
      locale: lang === 'en' ? 'en-US' : 'ja-JP',
      viewport: PHONE,
    });
    const page = await context.newPage();
    const api = apiFor(page, app.server.url);
    const jobs = watchJobs(page);
    const email = `phone-audience-${lang}@example.com`;
    const name = lang === 'en' ? 'Anime fans on a phone' : 'スマホのアニメ好き';
    const pkg: Pkg = {};

    const team = await test.step('sign in, a team, creator access', async () => {
      await signInWithCode(app, page, lang, email);
      const created = await api<{ slug: string }>('POST', '/api/teams/', { name: `Phone audiences ${lang}` });
      await api('POST', '/api/staff/user-groups/', { email, group: 'Audience_creator' });
      await page.goto(`/${created.slug}/`);
      return created.slug;
    });

    await test.step('the creator from the navigation: an interest, then Japan, the size in sight', async () => {
      await navigate(page, lang, 'creator');
      await expect(page.getByRole('heading', { name: tr(lang, 'screens.creator'), level: 1 })).toBeVisible();
      await page.getByRole('button', { name: tr(lang, 'stepper.continue') }).click();
      await page
        .getByRole('textbox', { name: tr(lang, 'creator.fields.interests.label') })
        .fill(INTEREST[lang].typed);
      const option = page.getByRole('option', { name: INTEREST[lang].option }).first();
      await expect(option).toBeVisible();
      const label = (await option.getAttribute('aria-label')) ?? '';
      await option.click();
      await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
      // The API's own catalogue entry for what was picked (its label in English, the package's language).
      const found = await api<{ interests: { value: string; label: string }[] }>(
        'POST',
        '/api/external/interests/search/',
        { keywords: 'anime' },
      );
      const interest = found.interests.find((item) => /Anime and manga/.test(item.label));
      expect(interest, 'the catalogue has Anime and manga').toBeDefined();
      pkg.interests = [{ label: interest!.label, id: interest!.value }];
      await expectSize(page, await sizeIn(api, pkg, lang));
      await expectSizeBarInSight(page);
      await nothingCutOff(page, `phone-creator-interests-${lang}`);

      await page.getByRole('button', { name: tr(lang, 'stepper.continue') }).click();
      const countries = page.getByRole('textbox', { name: tr(lang, 'creator.fields.countries.label') });
      await countries.fill(JAPAN[lang]);
      await countries.press('Enter');
      await expect(page.getByRole('checkbox', { name: JAPAN[lang], exact: true })).toBeChecked();
      pkg.countries = [{ label: 'Japan', id: 'JP' }];
      await expectSize(page, await sizeIn(api, pkg, lang));
      // Scrolled to the end of a long step, the size is still at the foot of the screen.
      await page.mouse.wheel(0, 2000);
      await expectSizeBarInSight(page);
      await nothingCutOff(page, `phone-creator-location-${lang}`);
    });

    const configId = await test.step('named and saved', async () => {
      await page.getByRole('button', { name: tr(lang, 'stepper.continue') }).click();
      await page.getByRole('button', { name: tr(lang, 'stepper.continue') }).click();
      await page.getByLabel(tr(lang, 'creator.review.name')).fill(name);
      await nothingCutOff(page, `phone-creator-review-${lang}`);
      await page.getByRole('button', { name: tr(lang, 'stepper.submit') }).click();
      const status = savedPanel(page, lang, name);
      await expect(status).toBeVisible();
      await expect(status).toBeInViewport();
      await nothingCutOff(page, `phone-creator-saved-${lang}`);
      await status.getByRole('link', { name: tr(lang, 'creator.openInsights') }).click();
      await expect(page).toHaveURL(new RegExp(`/${team}/insights\\?config=\\d+`));
      return Number(new URL(page.url()).searchParams.get('config'));
    });

    await test.step('insights: tabs in reach, the ones that do not fit under "More"', async () => {
      await jobs.finished(/insights/);
      await expect(page.getByRole('tab', { name: tr(lang, 'insights.tabs.summary') })).toBeVisible({
        timeout: 60_000,
      });
      await nothingCutOff(page, `phone-insights-summary-${lang}`);
      // The last tab does not fit beside the others on a phone: openTab reaches it through "More".
      for (const tab of ['demographics', 'contentWall'] as const) {
        await openTab(page, lang, tab);
        await nothingCutOff(page, `phone-insights-${tab}-${lang}`);
      }
    });

    await test.step('My Audiences lists it, row by row on a phone', async () => {
      const stored = await api<AudienceConfig>('GET', `/api/audience-configs/${configId}/`);
      expect(stored.name).toBe(name);
      await navigate(page, lang, 'audiences');
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toBeInViewport();
      await nothingCutOff(page, `phone-my-audiences-${lang}`);
    });
    await context.close();
  });
}

/** The size the API gives the package, formatted as the screen's language shows it (万/億 in Japanese). */
async function sizeIn(api: Api, pkg: Pkg, lang: Lang): Promise<string> {
  const estimate = await api<{ population_estimate: number }>('POST', '/api/build-audience/', {
    targeting_package: pkg,
  });
  return formatLargeNumber(estimate.population_estimate, lang);
}
