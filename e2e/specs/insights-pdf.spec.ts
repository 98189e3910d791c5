import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { apiFor, waitForEngine } from '../support/audience-api';
import { signIn } from '../support/audience-screens';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { screenshotBothWidths } from '../support/screens';

/**
 * "Export PDF" on the insights screen downloads the report shown as a PDF in the interface
 * language, read back with poppler's pdftotext: the audience's name and the baseline in both
 * languages, and a report against another baseline prints that baseline.
 */
const app = useJourneyServer({ MAIL_FROM, SANDBOX_ACCOUNTS: '3000', STAFF_EMAIL_DOMAINS: 'example.com' });
const TEAM = 'pdf-team';
const NAME = 'Japanese speakers PDF';

test.beforeAll(() => {
  execFileSync('node', ['scripts/ensure-poppler.mjs'], { stdio: 'inherit' });
  return waitForEngine(app.server.url);
});

async function downloadPdf(page: Page, lang: Lang): Promise<string> {
  const button = page.getByRole('button', { name: tr(lang, 'insights.exportPdf') });
  await expect(button).toBeEnabled({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await download.path();
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
}

test('Export PDF downloads the insights report shown, in English and Japanese, with its baseline', async ({
  browser,
}) => {
  test.setTimeout(400_000);
  const context = await browser.newContext({
    baseURL: app.server.url,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const api = apiFor(page, app.server.url);
  await signIn(page, app.sink, 'pdf-maker@example.com');
  await page.goto('/');
  await page
    .getByRole('button', { name: 'Create a team' })
    .or(page.getByRole('link', { name: 'Create a team' }))
    .first()
    .click();
  await page.getByLabel('Team name').fill('PDF Team');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(new RegExp(`/${TEAM}/team`));
  await api('POST', '/api/staff/user-groups/', { email: 'pdf-maker@example.com', group: 'Audience_creator' });
  const { id } = await api<{ id: number }>('POST', '/api/audience-configs/', {
    name: NAME,
    team: TEAM,
    targeting_package: { languages: [{ label: 'Japanese' }] },
  });

  await page.goto(`/${TEAM}/insights?config=${id}`);
  const english = await downloadPdf(page, 'en');
  expect(english).toContain(`Insights:${NAME}`.replace(/\s+/g, ''));
  expect(english).toContain('Sharesandaffinitiesarerelativeto:Wholenetwork');
  expect(english).toMatch(/Audience\(estimate\)[\d.]+[KM]?\(estimate,[\d.]+[KM]?–[\d.]+[KM]?\)/);
  await screenshotBothWidths(page, 'insights-pdf-en');

  // Against Japan: the PDF of that report names Japan as its baseline.
  await page.goto(`/${TEAM}/insights?config=${id}&baseline=country:JP`);
  const japan = await downloadPdf(page, 'en');
  expect(japan).toContain('Sharesandaffinitiesarerelativeto:Japan');
  expect(japan).not.toBe(english);

  await page.goto(`/${TEAM}/account`);
  await page.getByLabel('Language', { exact: true }).click();
  await page.getByRole('option', { name: '日本語' }).click();
  await page.getByRole('button', { name: 'Save language' }).click();
  await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
  await page.goto(`/${TEAM}/insights?config=${id}`);
  const japanese = await downloadPdf(page, 'ja');
  expect(japanese).toContain(`インサイト:${NAME}`.replace(/\s+/g, ''));
  expect(japanese).toContain('割合と親和性の比較対象:ネットワーク全体');
  expect(japanese).toMatch(/オーディエンス（推定）[\d.]+[万億]?（推定、[\d.]+[万億]?〜[\d.]+[万億]?）/);
  await screenshotBothWidths(page, 'insights-pdf-ja');
  await context.close();
});
