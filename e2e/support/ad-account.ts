import { expect, type Page } from '@playwright/test';

/**
 * An X ad account for the team `slug`, the way a user gets one (SPEC §2 ad accounts): X connected
 * on the account page through the sandbox's authorisation page, an ad
 * account opened for that X account in the sandbox's Ads Manager, and access granted to the team in
 * Team settings. `as`: the X account's handle (else the one the page pre-selects); `name`: the new ad
 * account's name in the Ads Manager (else "<slug> on X"). The page is signed
 * in and in English. Returns the ad account's id, the X handle, and the Ads Manager's token for
 * reading that ad account from X's side (the sandbox Ads API).
 */
export async function connectAdAccount(
  page: Page,
  base: string,
  slug: string,
  as?: string,
  name = `${slug} on X`,
): Promise<{ accountId: string; handle: string; adsToken: string }> {
  await page.goto(`/${slug}/account`);
  await page
    .getByRole('region', { name: 'Connected accounts' })
    .getByRole('button', { name: 'Connect X' })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/x\/oauth\/authenticate/);
  if (as !== undefined) {
    await page.getByLabel('Find a sandbox account by handle').fill(as);
    await page.getByLabel('Find a sandbox account by handle').press('Enter');
    await page.getByRole('radio', { name: new RegExp(`@${as} ·`) }).check();
  }
  const chosen = page.locator('label:has(input[type="radio"]:checked)');
  const handle = /@([A-Za-z0-9_]+)/.exec(await chosen.innerText())![1]!;
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/account`), { timeout: 20_000 });
  // The sandbox's Ads Manager in a window of its own (a page made by browser.newPage() owns its
  // context, which then takes no second page).
  const browser = page.context().browser();
  const manager = browser ? await browser.newPage() : await page.context().newPage();
  await manager.goto(`${base}/sandbox/ads-manager/`);
  await manager.getByLabel('X handle').fill(handle);
  await manager.getByRole('button', { name: 'Sign in' }).click();
  await manager.getByLabel('New ad account name').fill(name);
  await manager.getByRole('button', { name: 'Create ad account' }).click();
  await expect(manager.locator('#account-name')).toHaveText(name);
  const accountId = /#\/accounts\/([a-z0-9]+)/.exec(manager.url())![1]!;
  const adsToken = (await manager.locator('meta[name="ads-token"]').getAttribute('content')) ?? '';
  await manager.close();
  await page.goto(`/${slug}/team`);
  const granted = page.getByRole('region', { name: 'Teams granted access' });
  await granted.getByRole('textbox', { name: 'Ad account' }).click();
  await page.getByRole('option', { name: new RegExp(accountId) }).click();
  await granted.getByRole('button', { name: 'Grant access' }).click();
  await expect(granted.getByTestId('granted-accounts')).toContainText(accountId);
  return { accountId, handle, adsToken };
}
