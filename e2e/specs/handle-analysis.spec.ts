import { expect, test } from '@playwright/test';
import { waitForEngine } from '../support/audience-api';
import { signIn } from '../support/audience-screens';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { tr } from '../support/locales';
import { screenshot } from '../support/screens';
import { createTeamFromWelcome } from '../support/sign-in';

/** "Analyse a handle" in the creator shows the typed analysis (reach, interests, hashtags) in both languages. */
// The settings of audience-journey.spec.ts, whose server this file shares (playwright.config.ts).
const app = useJourneyServer({ MAIL_FROM, SANDBOX_ACCOUNTS: '3000', STAFF_EMAIL_DOMAINS: 'example.com' });

test.beforeAll(() => waitForEngine(app.server.url));

test('analyses a handle of the network in English and Japanese', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: app.server.url });
  await test.step('sign in and create a team', async () => {
    await signIn(page, app.sink, 'kenji@example.com');
    await createTeamFromWelcome(page, 'Osaka Launch', 'osaka-launch');
  });

  const analyse = async (lang: 'en' | 'ja') => {
    await page.goto('/osaka-launch/creator');
    // A handle of the network, as the Handles field suggests it.
    await page
      .getByRole('textbox', { name: tr(lang, 'creator.fields.handles.label'), exact: true })
      .fill('a');
    const suggestion = page.getByRole('option').first();
    await expect(suggestion).toBeVisible();
    const handle = ((await suggestion.getAttribute('aria-label')) ?? '').replace(/^@/, '');
    expect(handle).not.toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: tr(lang, 'creator.analysis.button') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: tr(lang, 'creator.analysis.handle') }).fill(handle);
    await dialog.getByRole('button', { name: tr(lang, 'creator.analysis.analyse') }).click();
    await expect(dialog.getByText(tr(lang, 'creator.analysis.hours'))).toBeVisible({ timeout: 20_000 });
    await screenshot(page, `creator-handle-analysis-${lang}`);
  };

  await test.step('English', () => analyse('en'));
  await test.step('Japanese', async () => {
    await page.goto('/osaka-launch/account');
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: '日本語' }).click();
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
    await analyse('ja');
  });
});
