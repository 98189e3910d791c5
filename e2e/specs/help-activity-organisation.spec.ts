import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { signInWithCode } from '../support/sign-in';
import { screenshot } from '../support/screens';

/**
 * Helper documents, Guides, User manual, Help, the Activity feed and Organisation
 * settings, in English and Japanese — each with the server's data, its empty or error state where a
 * user can reach one, a screenshot, and axe (no serious or critical violation).
 */
const app = useJourneyServer();

const signIn = (page: Page, lang: Lang, email: string) => signInWithCode(app, page, lang, email);

/** A call as the signed-in page makes it (session cookie and the CSRF header). */
async function api(page: Page, method: 'POST' | 'PATCH', path: string, data: object) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await page.request.fetch(`${app.server.url}${path}`, {
    method,
    data,
    headers: { 'x-csrftoken': csrf },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { slug: string };
}

for (const locale of ['en-US', 'ja-JP'] as const) {
  const lang = locale.slice(0, 2) as Lang;
  test.describe(`help, activity and organisation screens in ${locale}`, () => {
    test.use({ locale });

    test('each screen shows the server’s data, its states, and passes axe', async ({ page }) => {
      const email = `owner-${lang}@example.com`;
      let slug = '';

      await test.step('a signed-in team admin with some history', async () => {
        // SPEC §8: at start the dashboard asks which team its host belongs to (404 = none).
        const hostAsked = page.waitForResponse((r) => r.url().includes('/api/team-by-host/?host='));
        await signIn(page, lang, email);
        expect([200, 404]).toContain((await hostAsked).status());
        slug = (await api(page, 'POST', '/api/teams/', { name: `Help ${lang}` })).slug;
        await api(page, 'POST', `/api/teams/${slug}/invites/`, { emails: [`invitee-${lang}@example.com`] });
        await api(page, 'PATCH', `/api/teams/${slug}/`, { invoice_name: 'Help KK' });
      });

      await test.step('Helper documents: the list and a download by id', async () => {
        await page.goto(`${app.server.url}/helper-documents`);
        await expect(
          page.getByRole('heading', { level: 1, name: tr(lang, 'screens.helperDocuments') }),
        ).toBeVisible();
        await expect(page.getByText(/not available in this version/i)).toHaveCount(0);
        const manual = tr(lang, 'helpCenter.titles.manual');
        await expect(page.getByRole('heading', { level: 2, name: manual })).toBeVisible();
        await screenshot(page, `helper-documents-${lang}`);
        await expectAccessible(page, `helper documents (${lang})`);
        const download = page.waitForEvent('download');
        await page
          .getByRole('button', { name: tr(lang, 'helpCenter.documents.downloadOne', { title: manual }) })
          .click();
        expect((await download).suggestedFilename()).toBe(`user-manual-${lang}.pdf`);
      });

      await test.step('Guides: searchable, the found article read beside the list', async () => {
        await page.goto(`${app.server.url}/${slug}/guides`);
        await expect(
          page.getByRole('heading', { level: 1, name: tr(lang, 'helpCenter.titles.guide') }),
        ).toBeVisible();
        const articles = page
          .getByRole('navigation', { name: tr(lang, 'helpCenter.articles') })
          .getByRole('button');
        await expect(articles).toHaveCount(3);
        await page.getByLabel(tr(lang, 'helpCenter.search')).fill('100');
        await expect(articles).toHaveCount(1);
        await expect(page).toHaveURL(/q=100/);
        await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(
          lang === 'en' ? 'Upload and apply audiences on X' : 'X でオーディエンスをアップロード・適用する',
        );
        await screenshot(page, `guides-${lang}`);
        await expectAccessible(page, `guides (${lang})`);
      });

      await test.step('User manual: the chapters, and a keyboard user sees the focus', async () => {
        await page.goto(`${app.server.url}/${slug}/user-manual`);
        await expect(page.getByRole('article').getByRole('heading', { level: 3 })).toHaveCount(9);
        await screenshot(page, `user-manual-${lang}`);
        await expectAccessible(page, `user manual (${lang})`);
        await page.getByLabel(tr(lang, 'helpCenter.search')).focus();
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
        });
        await expect(
          page
            .getByRole('navigation', { name: tr(lang, 'helpCenter.articles') })
            .getByRole('button')
            .first(),
        ).toBeFocused();
        expect(focused).toBe(true);
      });

      await test.step('Help: nothing found is said so', async () => {
        await page.goto(`${app.server.url}/${slug}/help`);
        await expect(page.getByRole('article')).toBeVisible();
        await page.getByLabel(tr(lang, 'helpCenter.search')).fill('zzzz');
        await expect(page.getByRole('status')).toHaveText(
          tr(lang, 'helpCenter.noResults', { query: 'zzzz' }),
        );
        await screenshot(page, `help-empty-${lang}`);
        await expectAccessible(page, `help, nothing found (${lang})`);
      });

      await test.step('Activity feed: what the server recorded, filtered by kind', async () => {
        await page.goto(`${app.server.url}/${slug}/activity`);
        await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'activity.title') })).toBeVisible();
        const table = page.getByRole('table');
        await expect(table.getByText(tr(lang, 'activity.kinds.team_updated'))).toBeVisible();
        await expect(table.getByText(`invitee-${lang}@example.com`)).toBeVisible();
        await expect(table.getByText(tr(lang, 'activity.kinds.signed_in'))).toBeVisible();
        await screenshot(page, `activity-${lang}`);
        await expectAccessible(page, `activity feed (${lang})`);
        await page.getByRole('textbox', { name: tr(lang, 'activity.filter') }).click();
        await page.getByRole('option', { name: tr(lang, 'activity.kinds.member_invited') }).click();
        await expect(table.getByRole('row')).toHaveCount(2);
        await page.getByRole('textbox', { name: tr(lang, 'activity.filter') }).click();
        await page.getByRole('option', { name: tr(lang, 'activity.kinds.billing_cancelled') }).click();
        await expect(page.getByText(tr(lang, 'activity.empty'))).toBeVisible();
      });

      await test.step('Organisation settings: profile saved, registration, the user’s organisations', async () => {
        await page.goto(`${app.server.url}/${slug}/organisation`);
        await expect(
          page.getByRole('heading', { level: 1, name: tr(lang, 'organisation.title') }),
        ).toBeVisible();
        const organisations = page
          .getByRole('region', { name: tr(lang, 'organisation.yourOrganisations') })
          .getByRole('table');
        await expect(organisations.getByRole('link', { name: `Help ${lang}` })).toBeVisible();
        // The team's usage (GET /api/metrics/): what the log holds, per kind.
        const usage = page.getByRole('region', { name: tr(lang, 'activity.usage.title') });
        await expect(
          usage.getByRole('row', { name: tr(lang, 'activity.kinds.member_invited') }),
        ).toBeVisible();
        await expect(usage.getByRole('row', { name: tr(lang, 'activity.kinds.team_updated') })).toBeVisible();
        const logo = page.getByLabel(tr(lang, 'organisation.logo'));
        await logo.fill('not a url');
        await expect(page.getByText(tr(lang, 'organisation.logoInvalid'))).toBeVisible();
        await logo.fill('');
        await page.getByLabel(tr(lang, 'organisation.name')).fill(`Help ${lang} renamed`);
        await page.getByRole('button', { name: tr(lang, 'organisation.save') }).click();
        await expect(
          page.getByRole('status').filter({ hasText: tr(lang, 'organisation.saved') }),
        ).toBeVisible();
        await expect(organisations.getByRole('link', { name: `Help ${lang} renamed` })).toBeVisible();
        await screenshot(page, `organisation-${lang}`);
        await expectAccessible(page, `organisation settings (${lang})`);
        // The rename is in the feed.
        await page.goto(`${app.server.url}/${slug}/activity`);
        await expect(page.getByRole('table').getByText('name', { exact: true })).toBeVisible();
      });
    });
  });
}
