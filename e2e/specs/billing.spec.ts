import { expect, test, type Page } from '@playwright/test';
import { STRIPE_DEV_KEYS } from '@murmur/sandbox';
import { expectAccessible, expectReachableByTab } from '../support/accessibility';
import { apiFor, waitForEngine } from '../support/audience-api';
import { signIn } from '../support/audience-screens';
import { useJourneyServer } from '../support/journey-server';
import { tr } from '../support/locales';
import { screenshot, screenshotBothWidths } from '../support/screens';

/**
 * The billing journey (docs/billing.md): a team admin completes the billing details, buys Pro on the
 * sandbox's hosted checkout with a test card, comes back to an active plan, uploads an audience to an X
 * ad account (now allowed), upgrades, cancels (active until the period's end, inactive once the payment
 * stand-in's clock passes it, and a new upload refused in SPEC §5's words); a declined card leaves no
 * subscription. Every state on screen came through the stand-in's signed webhooks. Axe on the plan
 * screens, the checkout page and the dialogs, in English and Japanese; Subscribe by Tab alone.
 */
const app = useJourneyServer();

/** The stand-in's own clock (the sandbox's simulated time), moved on as Stripe's test clocks are. */
async function advancePaymentClock(seconds: number): Promise<void> {
  const res = await fetch(`${app.server.url}/sandbox/stripe/v1/test_helpers/advance`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${STRIPE_DEV_KEYS.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `seconds=${seconds}`,
  });
  expect(res.status).toBe(200);
}

async function payOnHostedCheckout(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/stripe\/c\/pay\/cs_test_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Admin');
  await page.getByRole('button', { name: /^Subscribe/ }).click();
}

const pricing = (page: Page) => page.locator('#pricing');

/** Axe on the screen as it is; soft, so the journey goes on and lists every finding. */
const axe = (page: Page, screen: string) => expectAccessible(page, screen, { soft: true });

/** My Audiences → the audience's actions → Upload to X → Upload (the team's granted ad account). */
async function uploadFromMyAudiences(page: Page, name: string): Promise<void> {
  await page.goto('/billing-journey/audiences');
  await page.getByRole('button', { name: tr('en', 'audiences.actions.label', { name }) }).click();
  await page.getByRole('menuitem', { name: tr('en', 'xAds.upload.action') }).click();
  await page.getByRole('button', { name: tr('en', 'xAds.upload.submit') }).click();
}

test('a team admin buys Pro on the hosted checkout, upgrades and cancels; a declined card buys nothing', async ({
  browser,
}) => {
  // Eleven axe checks, a keyboard walk of Team settings and two checkouts: about 4 min beside another
  // spec file on the 2-core CI machine.
  test.setTimeout(420_000);
  // A page of its own context (not browser.newPage): axe injects itself into the context's frames.
  const page = await (await browser.newContext({ baseURL: app.server.url })).newPage();
  const api = apiFor(page, app.server.url);

  await test.step('sign in and create a team', async () => {
    await signIn(page, app.sink, 'ada@billing.example');
    await expect(page).toHaveURL(/\/welcome/);
    await api('POST', '/api/teams/', { name: 'Billing Journey' });
    await page.goto('/billing-journey/team');
    await expect(pricing(page).getByRole('heading', { name: 'Pricing and Subscriptions' })).toBeVisible();
  });

  await test.step('subscribing waits for complete billing details (SPEC §6)', async () => {
    await expect(pricing(page).getByText('Complete the billing details')).toBeVisible();
    await expect(
      page.getByTestId('plan-pro-month').getByRole('button', { name: 'Subscribe' }),
    ).toBeDisabled();
    await screenshot(page, 'billing-incomplete');
    await axe(page, 'team settings, billing details incomplete (en)');
    await page.getByLabel('Invoice email').fill('invoices@billing.example');
    await page.getByLabel('Invoice name').fill('Billing Journey BV');
    await page.getByRole('textbox', { name: 'Country' }).fill('Netherlands');
    await page.getByRole('option', { name: 'Netherlands', exact: true }).click();
    await page.getByRole('button', { name: 'Save billing details' }).click();
    await expect(page.getByText('The billing details have been saved.')).toBeVisible();
    await expect(page.getByTestId('plan-pro-month').getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await axe(page, 'team settings, plans to subscribe to (en)');
    await expectReachableByTab(
      page,
      'the plans',
      { 'Subscribe to Pro': page.getByTestId('plan-pro-month').getByRole('button', { name: 'Subscribe' }) },
      200,
    );
  });

  await test.step('a declined test card leaves no subscription', async () => {
    await page.getByTestId('plan-pro-month').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('checkout-amount')).toHaveText('€149.00');
    await payOnHostedCheckout(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await screenshot(page, 'billing-checkout-declined');
    await axe(page, 'hosted checkout, card declined');
    await page.getByRole('link', { name: 'Cancel and return' }).click();
    await expect(page).toHaveURL(/\/billing-journey\/team\?billing=cancel/);
    await expect(pricing(page).getByText('Checkout was cancelled; nothing was charged.')).toBeVisible();
    await expect(page.getByTestId('billing-status')).toContainText('No subscription');
  });

  await test.step('Pro is bought with 4242… and is active once the webhook arrives', async () => {
    await page.getByTestId('plan-pro-month').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('checkout-amount')).toHaveText('€149.00');
    await screenshotBothWidths(page, 'billing-checkout', { nothingCutOff: true });
    await axe(page, 'hosted checkout');
    // The return URL is seen as it arrives: once the plan is active the page drops ?billing=.
    const returned = page.waitForURL(/\/billing-journey\/team\?billing=success&session_id=cs_test_/, {
      waitUntil: 'commit',
    });
    await payOnHostedCheckout(page, '4242 4242 4242 4242');
    await returned;
    const status = page.getByTestId('billing-status');
    await expect(status).toContainText('Active', { timeout: 15_000 });
    await expect(page).toHaveURL(/\/billing-journey\/team$/);
    await expect(status).toContainText('Pro');
    await expect(status).toContainText('Renews on');
    await expect(page.getByTestId('plan-pro-month')).toContainText('Current plan');
    await expect(pricing(page).getByRole('table', { name: 'Invoices' })).toContainText('€149.00');
    // The team's own subscription list (SPEC §3) shows it too.
    await expect(page.locator('#subscription')).toContainText('Active subscription');
  });

  await test.step('connect X, open an ad account in the sandbox Ads Manager, grant it to the team', async () => {
    await page.goto('/billing-journey/account');
    await page
      .getByRole('region', { name: 'Connected accounts' })
      .getByRole('button', { name: 'Connect X' })
      .click();
    await expect(page).toHaveURL(/\/sandbox\/x\/oauth\/authenticate/);
    const chosen = page.locator('label:has(input[type="radio"]:checked)');
    const handle = /@([A-Za-z0-9_]+)/.exec(await chosen.innerText())![1]!;
    await page.getByRole('button', { name: 'Authorize app' }).click();
    await expect(page).toHaveURL(/\/billing-journey\/account/, { timeout: 20_000 });
    const manager = await browser.newPage({ baseURL: app.server.url });
    await manager.goto('/sandbox/ads-manager/');
    await manager.getByLabel('X handle').fill(handle);
    await manager.getByRole('button', { name: 'Sign in' }).click();
    await manager.getByLabel('New ad account name').fill('Billing Journey on X');
    await manager.getByRole('button', { name: 'Create ad account' }).click();
    await expect(manager.locator('#account-name')).toHaveText('Billing Journey on X');
    const adAccount = /#\/accounts\/([a-z0-9]+)/.exec(manager.url())![1]!;
    await manager.close();
    await page.goto('/billing-journey/team');
    const granted = page.getByRole('region', { name: 'Teams granted access' });
    await granted.getByRole('textbox', { name: 'Ad account' }).click();
    await page.getByRole('option', { name: new RegExp(adAccount) }).click();
    await granted.getByRole('button', { name: 'Grant access' }).click();
    await expect(granted.getByTestId('granted-accounts')).toContainText(adAccount);
    await waitForEngine(app.server.url);
    for (const [name, label] of [
      ['English speakers', 'English'],
      ['Japanese speakers', 'Japanese'],
    ] as const)
      await api('POST', '/api/audience-configs/', {
        name,
        targeting_package: { languages: [{ label }] },
        team: 'billing-journey',
      });
  });

  await test.step('uploading an audience to X is now allowed: a real upload from My Audiences', async () => {
    await page.goto('/billing-journey/team');
    await expect(page.getByTestId('upload-permission')).toHaveText('Uploading audiences to X is allowed.');
    await uploadFromMyAudiences(page, 'English speakers');
    await expect(page.getByTestId('upload-state')).toHaveCount(1);
    await expect(page.getByTestId('upload-state').first()).toContainText(tr('en', 'xAds.state.processing'));
    await screenshot(page, 'billing-upload-allowed');
    await axe(page, 'my audiences with an upload processing (en)');
    await page.goto('/billing-journey/team');
    const billing = await api<{ can_upload: { allowed: boolean } }>(
      'GET',
      '/api/customer/subscriptions/?team=billing-journey',
    );
    expect(billing.can_upload.allowed).toBe(true);
    await screenshotBothWidths(page, 'billing-active', { nothingCutOff: true });
    await axe(page, 'team settings, Pro active with an invoice (en)');
  });

  await test.step('the invoice downloads as a PDF', async () => {
    const pdfLink = pricing(page).getByRole('link', { name: 'PDF' }).first();
    const response = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  await test.step('upgrade to Enterprise after a confirmation, prorated', async () => {
    await advancePaymentClock(5 * 86_400);
    await page
      .getByTestId('plan-enterprise-month')
      .getByRole('button', { name: 'Upgrade to Enterprise' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade the plan?' });
    await expect(dialog).toContainText('€499.00');
    await screenshot(page, 'billing-upgrade-confirm');
    await axe(page, 'upgrade dialog (en)');
    await dialog.getByRole('button', { name: 'Upgrade now' }).click();
    await expect(page.getByTestId('billing-status')).toContainText('Enterprise', { timeout: 15_000 });
    await expect(pricing(page).getByRole('table', { name: 'Invoices' })).toContainText(
      'Plan change (prorated)',
    );
  });

  await test.step('cancel: active until the period ends, then inactive and uploads refused', async () => {
    await pricing(page).getByRole('button', { name: 'Cancel subscription' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel the subscription?' });
    await expect(cancel).toBeVisible();
    await axe(page, 'cancel dialog (en)');
    await cancel.getByRole('button', { name: 'Cancel at period end' }).click();
    const status = page.getByTestId('billing-status');
    await expect(status).toContainText('Cancelled: stays active until', { timeout: 15_000 });
    await expect(status).toContainText('Active');
    await screenshot(page, 'billing-cancelled');
    // A month of simulated time later the period is over.
    await advancePaymentClock(31 * 86_400);
    await page.reload();
    await expect(status).toContainText('Inactive', { timeout: 15_000 });
    await expect(status).toContainText('Ended on');
    await expect(page.getByTestId('upload-permission')).toHaveText(
      'You need an active subscription to upload audiences to X.',
    );
    await expect(page.locator('#subscription')).toContainText('No active subscription');
    await screenshot(page, 'billing-ended');
    await axe(page, 'team settings, plan ended (en)');
  });

  await test.step('a new upload is refused once the plan has ended, in SPEC §5’s words', async () => {
    await uploadFromMyAudiences(page, 'Japanese speakers');
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
      'You need an active subscription to upload audiences to X.',
    );
    await screenshot(page, 'billing-upload-refused');
    await axe(page, 'upload dialog, refused (en)');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: tr('en', 'xAds.cancel') })
      .click();
    // Only the upload made while subscribed exists.
    await expect(page.getByTestId('upload-state')).toHaveCount(1);
  });

  await test.step('the same screen in Japanese', async () => {
    const csrf = (await page.context().cookies(app.server.url)).find((c) => c.name === 'csrftoken')?.value;
    await page.request.put(`${app.server.url}/api/user/me/`, {
      data: { language: 'ja' },
      headers: csrf ? { 'X-CSRFToken': csrf } : {},
    });
    await page.goto('/billing-journey/team');
    await expect(pricing(page).getByRole('heading', { name: '料金とサブスクリプション' })).toBeVisible();
    await expect(page.getByTestId('billing-status')).toContainText('無効');
    await screenshotBothWidths(page, 'billing-ja', { nothingCutOff: true });
    await axe(page, 'team settings, plan ended (ja)');
    await page.goto('/billing-journey/audiences');
    await page
      .getByRole('button', { name: tr('ja', 'audiences.actions.label', { name: 'Japanese speakers' }) })
      .click();
    await page.getByRole('menuitem', { name: tr('ja', 'xAds.upload.action') }).click();
    await expect(page.getByRole('dialog', { name: tr('ja', 'xAds.upload.title') })).toBeVisible();
    await screenshot(page, 'billing-upload-dialog-ja');
    await axe(page, 'upload dialog (ja)');
  });

  await test.step('signed-out visitors see Premium prices and a sign-in prompt (EN and JA)', async () => {
    // *.localhost reaches this server; a host with "staging" in it takes the ?flavour= flag (SPEC §1).
    const premiumUrl = app.server.url.replace('localhost', 'staging.localhost');
    for (const locale of ['en-US', 'ja-JP'] as const) {
      const context = await browser.newContext({ locale });
      const visitor = await context.newPage();
      await visitor.goto(`${premiumUrl}/premium?flavour=premium`);
      const ja = locale === 'ja-JP';
      await expect(
        visitor.getByRole('heading', { level: 1, name: ja ? 'プレミアム' : 'Premium', exact: true }),
      ).toBeVisible();
      await expect(visitor.getByText(ja ? 'サインインして申し込む' : 'Sign in to subscribe')).toBeVisible();
      await expect(visitor.getByTestId('plan-premium-month')).toContainText(ja ? '¥2,900' : '€19.00');
      await screenshot(visitor, `premium-signed-out-${ja ? 'ja' : 'en'}`);
      await axe(visitor, `premium plans signed out (${locale})`);
      await visitor.goto(`${premiumUrl}/create-subscription/cancel?flavour=premium`);
      await expect(
        visitor.getByRole('heading', {
          name: ja ? 'チェックアウトをキャンセルしました' : 'Checkout cancelled',
        }),
      ).toBeVisible();
      await screenshot(visitor, `premium-checkout-cancelled-${ja ? 'ja' : 'en'}`);
      await axe(visitor, `premium checkout cancelled (${locale})`);
      await context.close();
    }
  });
});
