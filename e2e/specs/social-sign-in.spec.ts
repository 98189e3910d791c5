import { expect, test, type Locator } from '@playwright/test';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { screenshot } from '../support/screens';
import { createTeamFromWelcome } from '../support/sign-in';

/**
 * SPEC §4 social login: a new visitor signs in with X on the sandbox's OAuth 1.0a consent page, then
 * links a Google account from Manage account through the sandbox's Google stand-in; another signs
 * in with X OAuth 2.0 (PKCE) and links LinkedIn. A server of its own.
 */
// Its visitors are new users: the first sandbox X account must not have signed in elsewhere.
const app = useJourneyServer({ MAIL_FROM }, { own: true });

/** The connected X account's row: "X" with the account's @handle beside it. */
const xRow = (section: Locator) => section.getByRole('listitem').filter({ hasText: /^X@\w+/ });

test('a new visitor signs in with X, then connects Google from Manage account', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: app.server.url });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with X', exact: true }).click();

  // The sandbox's X consent page: pick the first offered account and authorise.
  await expect(page).toHaveURL(/\/sandbox\/x\/oauth\/authenticate/);
  await expect(page.getByRole('heading', { name: /Authorize .* to access your account\?/ })).toBeVisible();
  await screenshot(page, 'social-x-consent');
  await page.getByRole('button', { name: 'Authorize app' }).click();

  // Back in the app, signed in as a new user without a team.
  await expect(page).toHaveURL(/\/welcome/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: /Welcome/ }).first()).toBeVisible();

  await createTeamFromWelcome(page, 'Social Team', 'social-team');

  await page.goto('/social-team/account');
  const section = page.getByRole('region', { name: 'Connected accounts' });
  await expect(xRow(section)).toBeVisible();

  await section.getByRole('button', { name: 'Connect Google' }).click();
  await expect(page).toHaveURL(/\/sandbox\/google\/o\/oauth2\/v2\/auth/);
  await expect(page.getByRole('heading', { name: /with Google/ })).toBeVisible();
  await screenshot(page, 'social-google-consent');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Linked to the same user, back on Manage account.
  await expect(page).toHaveURL(/\/social-team\/account/, { timeout: 20_000 });
  await expect(xRow(section)).toBeVisible();
  await expect(section.getByText('Google', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Disconnect Google' })).toBeVisible();
  await screenshot(page, 'social-connected-accounts');
});

test('another visitor signs in with X OAuth 2.0 (PKCE), then connects LinkedIn', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: app.server.url });

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with X (OAuth 2.0)' }).click();

  // X's OAuth 2.0 consent page in the sandbox, reached with a PKCE challenge; another account than above.
  await expect(page).toHaveURL(/\/sandbox\/x\/i\/oauth2\/authorize\?.*code_challenge=/);
  expect(new URL(page.url()).searchParams.get('code_challenge_method')).toBe('S256');
  await expect(page.getByRole('heading', { name: /wants to access your X account/ })).toBeVisible();
  await page.getByRole('radio').nth(4).check();
  await screenshot(page, 'social-x-oauth2-consent');
  await page.getByRole('button', { name: 'Authorize app' }).click();

  // Back at /login/twitter_oauth2 with the code: signed in as a new user without a team.
  await expect(page).toHaveURL(/\/welcome/, { timeout: 20_000 });
  await createTeamFromWelcome(page, 'PKCE Team', 'pkce-team');

  await page.goto('/pkce-team/account');
  const section = page.getByRole('region', { name: 'Connected accounts' });
  await expect(xRow(section)).toBeVisible();

  await section.getByRole('button', { name: 'Connect LinkedIn' }).click();
  await expect(page).toHaveURL(/\/sandbox\/linkedin\/oauth\/v2\/authorization\?.*scope=/);
  await expect(page.getByRole('heading', { name: /with LinkedIn/ })).toBeVisible();
  await expect(page.getByText('Manage your advertising accounts')).toBeVisible();
  await screenshot(page, 'social-linkedin-consent');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/pkce-team\/account/, { timeout: 20_000 });
  await expect(section.getByText('LinkedIn', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Disconnect LinkedIn' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Disconnect X' })).toBeVisible();
});
