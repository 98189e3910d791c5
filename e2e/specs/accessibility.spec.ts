import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { useJourneyServer } from '../support/journey-server';
import { screenshot } from '../support/screens';

/**
 * The public screens of the dashboard pass axe (no serious or critical violation) in English
 * and Japanese, and a keyboard user sees where the focus is.
 */
const app = useJourneyServer();

for (const locale of ['en-US', 'ja-JP'] as const) {
  test.describe(`public screens in ${locale}`, () => {
    test.use({ locale });

    test('sign-in, the audience store and its insights prompt pass axe; focus is visible', async ({
      page,
    }) => {
      const lang = locale.slice(0, 2);
      await test.step('sign-in', async () => {
        await page.goto(`${app.server.url}/login`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await screenshot(page, `a11y-login-${lang}`);
        await expectAccessible(page, `login (${lang})`);
      });

      await test.step('a keyboard user sees the focus', async () => {
        await page.keyboard.press('Tab');
        const outline = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (element === null || element === document.body) return null;
          const style = getComputedStyle(element);
          return { outline: style.outlineStyle, width: style.outlineWidth, shadow: style.boxShadow };
        });
        expect(outline).not.toBeNull();
        expect(outline!.outline !== 'none' || outline!.shadow !== 'none').toBe(true);
      });

      await test.step('the public audience store', async () => {
        await page.goto(`${app.server.url}/store`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await screenshot(page, `a11y-store-${lang}`);
        await expectAccessible(page, `store (${lang})`);
      });

      await test.step("a store audience's insights ask a signed-out visitor to sign in", async () => {
        await page.goto(
          `${app.server.url}/insights?package=eyJpbnRlcmVzdHMiOlt7ImxhYmVsIjoiU3BvcnRzL1NvY2NlciJ9XX0`,
        );
        await expect(page.getByRole('alert')).toBeVisible();
        await screenshot(page, `a11y-insights-signed-out-${lang}`);
        await expectAccessible(page, `insights signed out (${lang})`);
      });
    });
  });
}
