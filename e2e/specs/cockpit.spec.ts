import { expect, test } from '@playwright/test';
import { apiFor } from '../support/audience-api';
import { signIn } from '../support/audience-screens';
import { useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { screenshotBothWidths } from '../support/screens';

/**
 * The agency cockpit (docs/API-KEYS.md, docs/SSO-AND-AUDIT.md, docs/AGENCY.md) as a team admin meets
 * it: an API key made in Team settings → API access, shown once, that then reads the team's audiences
 * by itself; the key's making and its call in the audit log; the single sign-on settings; and the
 * agency view across the admin's teams. Each screen in English and Japanese, at 1280 and 390 px.
 * (Scopes, rate limits, webhooks and their signatures, the OIDC flow against a real provider and the
 * scheduled reports' PDF and XLSX are proven over HTTP by the server's api-keys, webhooks, sso, audit
 * and agency-reports tests.)
 */
const app = useJourneyServer();

const TEAM = 'cockpit-agency';

test('an API key made in Team settings reads the audiences; the audit log, SSO settings and the agency view', async ({
  browser,
}) => {
  // Four screens at two widths in two languages.
  test.setTimeout(240_000);
  const page = await browser.newPage({ baseURL: app.server.url });
  const api = apiFor(page, app.server.url);

  await test.step('sign in and two teams', async () => {
    await signIn(page, app.sink, 'cora@cockpit.example');
    await expect(page).toHaveURL(/\/welcome/);
    await api('POST', '/api/teams/', { name: 'Cockpit Agency' });
    await api('POST', '/api/teams/', { name: 'Cockpit Client' });
  });

  const key = await test.step('en: an API key made, shown once', async () => {
    await page.goto(`/${TEAM}/team`);
    await page.getByRole('link', { name: tr('en', 'apiAccess.link') }).click();
    await expect(page).toHaveURL(new RegExp(`/${TEAM}/team/api`));
    await page.getByRole('textbox', { name: tr('en', 'apiAccess.keys.name'), exact: true }).fill('BI export');
    await page.getByRole('button', { name: tr('en', 'apiAccess.keys.create') }).click();
    const secret = page.getByTestId('secret-once');
    await expect(secret).toHaveText(/^mur_/);
    await screenshotBothWidths(page, 'cockpit-api-key-en');
    const value = (await secret.textContent()) ?? '';
    await page.getByRole('button', { name: tr('en', 'apiAccess.keys.done') }).click();
    // Once dismissed, the whole key is nowhere on the screen: the list shows its first characters.
    await expect(page.getByTestId('secret-once')).toHaveCount(0);
    const table = page.getByRole('table', { name: tr('en', 'apiAccess.keys.tableLabel') });
    await expect(table.getByRole('row', { name: /BI export/ })).toBeVisible();
    await expect(page.getByText(value)).toHaveCount(0);
    return value;
  });

  await test.step('the key reads the team’s audiences by itself, and nothing of its admin’s account', async () => {
    const context = await browser.newContext();
    const asKey = (path: string) =>
      context.request.get(`${app.server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
    const audiences = await asKey(`/api/audience-configs/?team=${TEAM}`);
    expect(audiences.status()).toBe(200);
    expect((await asKey('/api/user/me/')).status()).toBe(403);
    await context.close();
    await page.reload();
    const table = page.getByRole('table', { name: tr('en', 'apiAccess.keys.tableLabel') });
    await expect(table.getByRole('row', { name: /BI export/ })).toContainText('1');
  });

  const screens = async (lang: Lang) => {
    await test.step(`${lang}: the audit log has the key's making and its call`, async () => {
      await page.goto(`/${TEAM}/team`);
      await page.getByRole('link', { name: tr(lang, 'audit.link') }).click();
      await expect(page).toHaveURL(new RegExp(`/${TEAM}/team/audit`));
      await expect(page.getByText('api_key.created').first()).toBeVisible();
      await expect(page.getByText('api_key.used').first()).toBeVisible();
      await screenshotBothWidths(page, `cockpit-audit-${lang}`);
    });

    await test.step(`${lang}: single sign-on settings show the address to register at the provider`, async () => {
      await page.goto(`/${TEAM}/team`);
      const sso = page.getByRole('region', { name: tr(lang, 'sso.title') });
      await expect(sso.getByText(tr(lang, 'sso.callbackUrl'))).toBeVisible();
      await expect(sso.getByText(/\/api\/auth\/sso\/callback/)).toBeVisible();
      await sso.scrollIntoViewIfNeeded();
      await screenshotBothWidths(page, `cockpit-sso-${lang}`);
    });

    await test.step(`${lang}: the agency view has both teams`, async () => {
      await page.goto(`/${TEAM}/agency`);
      await expect(page.getByRole('heading', { name: tr(lang, 'agency.title') })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Cockpit Agency' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Cockpit Client' })).toBeVisible();
      await screenshotBothWidths(page, `cockpit-agency-${lang}`);
      await page
        .getByRole('button', { name: tr(lang, 'agency.report.open') })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await screenshotBothWidths(page, `cockpit-report-form-${lang}`);
      // A monthly report may fall on the month's last day.
      const dialog = page.getByRole('dialog');
      await dialog.getByText(tr(lang, 'agency.report.monthly'), { exact: true }).click();
      await dialog.getByRole('textbox', { name: tr(lang, 'agency.report.monthDay') }).click();
      await page.getByRole('option', { name: tr(lang, 'agency.report.lastDay') }).click();
      await expect(dialog.getByRole('textbox', { name: tr(lang, 'agency.report.monthDay') })).toHaveValue(
        tr(lang, 'agency.report.lastDay'),
      );
      await screenshotBothWidths(page, `cockpit-report-monthly-${lang}`);
      await page.keyboard.press('Escape');
    });
  };

  await screens('en');

  await test.step('switch to Japanese', async () => {
    await page.goto(`/${TEAM}/account`);
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: '日本語' }).click();
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
  });

  await test.step('ja: API access', async () => {
    await page.goto(`/${TEAM}/team/api`);
    await expect(page.getByRole('heading', { name: tr('ja', 'apiAccess.title') })).toBeVisible();
    await screenshotBothWidths(page, 'cockpit-api-access-ja');
  });

  await screens('ja');
});
