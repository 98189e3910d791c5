import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { isSignInMail, signInCodeFrom } from '../support/mail';
import { requestsSettled } from '../support/settle';
import { screenshot } from '../support/screens';

/**
 * Axe (no serious or critical violation; docs/testing.md) on the signed-out screens of the
 * pro-targeting site and the premium suite, in English and Japanese; the signed-in dashboard screens
 * are checked in their journeys (help-activity-organisation.spec.ts). The pro-targeting site's
 * signed-in screens too, with the user's lists, an analysis and the builder's insights on screen.
 */
const app = useJourneyServer();
test.describe.configure({ timeout: 300_000 });

const PRO_SCREENS = [
  '/',
  '/saved-lists',
  '/targeting-lists',
  '/explore',
  '/xstats',
  '/audience-builder',
  '/competitor-analysis',
  '/marketing-materials',
  '/about',
  '/pro-targeting',
  '/pro-solutions',
  '/pro-community',
  '/request-audience',
  '/request-download',
  '/request-access',
  '/request-confirmation',
  '/request-verification',
  '/job-title',
  '/campaigns/new',
];
const PREMIUM_SCREENS = ['/', '/authenticated', '/premium'];

const proBase = () => app.server.url.replace('://localhost', '://pro.localhost');

async function waitForEngine(base: string) {
  await expect
    .poll(
      async () => ((await (await fetch(`${base}/api/engine/status/`)).json()) as { state: string }).state,
      {
        timeout: 90_000,
      },
    )
    .toBe('ready');
}

/** Signs in on the pro site by magic link; answers the pro-targeting token the site then holds. */
async function proSignIn(page: Page, email: string, lang: Lang): Promise<string> {
  await page.goto(`${proBase()}/`);
  await page.getByLabel(tr(lang, 'login.emailLabel')).fill(email);
  const mark = app.sink.mark();
  await page.getByRole('button', { name: tr(lang, 'login.sendCode') }).click();
  const mail = await app.sink.waitFor(isSignInMail(email), { after: mark });
  await page.getByLabel(tr(lang, 'login.codeLabel')).pressSequentially(signInCodeFrom(mail), { delay: 30 });
  await expect(page.getByText(tr(lang, 'pro.signedInAs', { email })).first()).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('murmur:personal'));
  return (JSON.parse(stored ?? '{}') as { token: string }).token;
}

/**
 * Checks one signed-in screen: its h1, a screenshot, axe. A finding is kept in `failures` and the
 * walk goes on, so one run lists every screen's violations.
 */
async function checkScreen(page: Page, name: string, lang: Lang, failures: string[]) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await requestsSettled(page);
  await screenshot(page, `a11y-pro-in-${name}-${lang}`);
  try {
    await expectAccessible(page, `pro signed in ${name} (${lang})`);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  }
}

for (const locale of ['en-US', 'ja-JP'] as const) {
  const lang = locale.slice(0, 2);
  test.describe(`signed-out screens of the other flavours in ${locale}`, () => {
    test.use({ locale });

    test('the pro-targeting site passes axe', async ({ page }) => {
      const base = app.server.url.replace('://localhost', '://pro.localhost');
      for (const path of PRO_SCREENS) {
        await test.step(path, async () => {
          await page.goto(`${base}${path}`);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await requestsSettled(page);
          await screenshot(page, `a11y-pro${path.replaceAll('/', '-')}-${lang}`);
          await expectAccessible(page, `pro ${path} (${lang})`);
        });
      }
    });

    test('the premium suite passes axe', async ({ page }) => {
      const base = app.server.url.replace('://localhost', '://premium.localhost');
      for (const path of PREMIUM_SCREENS) {
        await test.step(path, async () => {
          await page.goto(`${base}${path}`);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await requestsSettled(page);
          await screenshot(page, `a11y-premium${path.replaceAll('/', '-')}-${lang}`);
          await expectAccessible(page, `premium ${path} (${lang})`);
        });
      }
    });
  });
}

for (const lang of ['en', 'ja'] as const) {
  test.describe(`signed-in pro-targeting screens in ${lang}`, () => {
    test.use({ locale: lang === 'en' ? 'en-US' : 'ja-JP' });

    test('saved lists, targeting lists, explore, xstats, builder with insights, competitors pass axe', async ({
      page,
    }) => {
      const base = proBase();
      await waitForEngine(app.server.url);
      const token = await proSignIn(page, `a11y-${lang}@example.com`, lang);
      // The user's lists, made with the token the site holds (its own calls go the same way).
      const communities = (await (
        await fetch(`${app.server.url}/api/communities/?sort=most_searched&limit=10`)
      ).json()) as {
        results: { top_accounts: { handle: string }[] }[];
      };
      const handles = [...new Set(communities.results.flatMap((c) => c.top_accounts.map((a) => a.handle)))];
      const failures: string[] = [];
      const lists: Record<string, number> = {};
      for (const kind of ['saved_list', 'targeting_list'] as const) {
        const res = await page.request.post(`${app.server.url}/api/audience-configs/`, {
          headers: { authorization: `Token ${token}` },
          data: { name: `${kind} a11y`, kind, targeting_package: { keywords: [{ label: 'coffee' }] } },
        });
        expect(res.status(), await res.text()).toBe(201);
        lists[kind] = ((await res.json()) as { id: number }).id;
      }
      for (const path of [
        '/saved-lists',
        '/targeting-lists',
        `/targeting-lists/${lists.targeting_list}`,
        '/explore/coffee',
        '/xstats',
        '/xstats/JP',
        '/campaigns/new',
      ]) {
        await test.step(path, async () => {
          await page.goto(`${base}${path}`);
          await checkScreen(page, path.replaceAll('/', '-').slice(1), lang, failures);
        });
      }
      await test.step('audience builder and its pro targeting insights tab', async () => {
        await page.goto(`${base}/audience-builder`);
        await checkScreen(page, 'audience-builder', lang, failures);
        const followers = page.getByRole('textbox', {
          name: tr(lang, 'proSite.builder.followersOf'),
          exact: true,
        });
        await followers.fill(handles[0]!);
        await followers.press('Enter');
        await expect(page.getByTestId('audience-size')).toHaveText(/\d/, { timeout: 20_000 });
        await page.getByRole('button', { name: tr(lang, 'proSite.builder.generateInsights') }).click();
        await expect(
          page.getByRole('heading', { name: tr(lang, 'proSite.insights.proTargeting'), level: 2 }),
        ).toBeVisible({ timeout: 60_000 });
        await checkScreen(page, 'insights-pro-targeting', lang, failures);
      });
      await test.step('competitor analysis with its results', async () => {
        await page.goto(`${base}/competitor-analysis`);
        await checkScreen(page, 'competitor-analysis', lang, failures);
        const input = page.getByRole('textbox', { name: tr(lang, 'proSite.competitors.handles') });
        for (const handle of handles.slice(0, 3)) {
          await input.fill(handle);
          await input.press('Enter');
        }
        await page.getByRole('button', { name: tr(lang, 'proSite.competitors.analyse') }).click();
        await expect(
          page.getByRole('heading', { name: tr(lang, 'proSite.competitors.overlap') }),
        ).toBeVisible({
          timeout: 60_000,
        });
        await checkScreen(page, 'competitor-analysis-results', lang, failures);
      });
      expect(failures).toEqual([]);
    });
  });
}
