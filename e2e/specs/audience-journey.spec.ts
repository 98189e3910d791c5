import { expect, test, type Page } from '@playwright/test';
import { isSignInMail, signInCodeFrom } from '../support/mail';
import { screenshot } from '../support/screens';
import { startServer, type RunningServer } from '../support/server';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/**
 * Issue 5's journey: build an audience in the creator from a handle, an interest, Japan and the
 * Japanese language while its size changes; save it; open its insights; find it in My Audiences.
 * Every screen of the audience features is kept as a screenshot in English and in Japanese.
 */
let sink: SmtpSink;
let server: RunningServer;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Murmur <no-reply@murmur.test>',
    SANDBOX_ACCOUNTS: '3000',
  });
  // The audience engine indexes the sandbox network in the background after start-up.
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${server.url}/api/engine/status/`)).json()) as { state: string }).state,
      {
        timeout: 60_000,
      },
    )
    .toBe('ready');
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

test.setTimeout(300_000);

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  const mark = sink.mark();
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  const mail = await sink.waitFor(isSignInMail(email), { after: mark });
  await page.getByLabel('Sign-in code').pressSequentially(signInCodeFrom(mail), { delay: 30 });
}

const size = (page: Page) => page.getByTestId('audience-size');

/** Waits for the size panel to settle on a value different from `before`, and returns it. */
async function sizeChangedFrom(page: Page, before: string | null): Promise<string> {
  let now = '';
  await expect
    .poll(
      async () => {
        if ((await page.locator('[aria-busy="true"]').count()) > 0) return before;
        now =
          (await size(page)
            .textContent({ timeout: 1000 })
            .catch(() => null)) ?? '';
        return now === '' ? before : now;
      },
      { timeout: 20_000 },
    )
    .not.toBe(before);
  return now;
}

test('builds an audience from a handle, an interest, Japan and Japanese; saves it; opens its insights', async ({
  browser,
}) => {
  const page = await browser.newPage({ baseURL: server.url });
  await signIn(page, 'maya@example.com');
  await expect(page).toHaveURL(/\/welcome/);
  await page
    .getByRole('button', { name: 'Create a team' })
    .or(page.getByRole('link', { name: 'Create a team' }))
    .first()
    .click();
  await page.getByLabel('Team name').fill('Tokyo Launch');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/\/tokyo-launch\/team/);

  // The creator, empty: the size panel says what to do.
  await page.getByRole('link', { name: 'Audience creator' }).click();
  await expect(page.getByRole('heading', { name: 'Audience creator' })).toBeVisible();
  await expect(
    page.getByText('Add at least one criterion to see how many people this audience reaches.'),
  ).toBeVisible();
  await screenshot(page, 'creator-empty-en');

  // 1. A handle, picked from the network's own accounts.
  const handles = page.getByRole('textbox', { name: 'Handles' });
  await handles.fill('a');
  const suggestion = page.getByRole('option').first();
  await expect(suggestion).toBeVisible();
  await screenshot(page, 'creator-handle-autocomplete-en');
  await suggestion.click();
  const afterHandle = await sizeChangedFrom(page, null);
  await screenshot(page, 'creator-handle-en');

  // 2. An interest.
  await page.getByRole('button', { name: 'Continue' }).click();
  const interests = page.getByRole('textbox', { name: 'Interests' });
  await interests.fill('anime');
  await page.getByRole('option', { name: /Anime and manga/ }).click();
  await expect(page.getByRole('checkbox', { name: /Anime and manga/ })).toBeChecked();
  const afterInterest = await sizeChangedFrom(page, afterHandle);
  await screenshot(page, 'creator-interest-en');

  // 3. Japan (North Korea is listed but cannot be picked), then Japanese.
  await page.getByRole('button', { name: 'Continue' }).click();
  const countries = page.getByRole('textbox', { name: 'Countries' });
  await countries.fill('korea');
  await expect(page.getByRole('option', { name: 'North Korea' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('This country is not available for targeting.')).toBeVisible();
  await screenshot(page, 'creator-countries-en');
  await countries.fill('Japan');
  await countries.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Japan' })).toBeChecked();
  const afterJapan = await sizeChangedFrom(page, afterInterest);
  const languages = page.getByRole('textbox', { name: 'Languages' });
  await languages.fill('Japanese');
  await page.getByRole('option', { name: 'Japanese' }).click();
  await sizeChangedFrom(page, afterJapan);
  await screenshot(page, 'creator-location-en');

  // 4. Age, gender, placements: nothing needed. 5. Name and save.
  await page.getByRole('button', { name: 'Continue' }).click();
  await screenshot(page, 'creator-demographics-en');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/Audience name/).fill('Anime fans in Japan');
  await screenshot(page, 'creator-review-en');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: '“Anime fans in Japan” is saved' })).toBeVisible();
  await screenshot(page, 'creator-saved-en');

  // Insights of the saved audience (the insights screen is the other half of issue 5).
  await page.getByRole('main').getByRole('link', { name: 'Open insights' }).first().click();
  await expect(page).toHaveURL(/\/tokyo-launch\/insights\?config=\d+/);
  const tabs = [
    'Summary',
    'Demographics',
    'Conversation',
    'Job titles',
    'Network',
    'Topic analysis',
    'Content wall',
  ];
  await expect(page.getByRole('tab', { name: 'Summary' })).toBeVisible({ timeout: 60_000 });
  for (const name of tabs) {
    const tab = page.getByRole('tab', { name });
    if ((await tab.count()) === 0) {
      // Tabs that do not fit are under "More".
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('menuitem', { name }).click();
    } else {
      await tab.click();
    }
    const panel = page.getByRole('tabpanel', { name });
    await expect(panel).toBeVisible();
    await expect(panel).not.toBeEmpty();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  await screenshot(page, 'insights-en');

  // My Audiences lists it, targetable or not, with its size.
  await page.getByRole('link', { name: 'My Audiences' }).first().click();
  const row = page.getByRole('row').filter({ hasText: 'Anime fans in Japan' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Japan');
  await screenshot(page, 'audiences-en');
  await page.getByLabel('Search').fill('nothing like this');
  await expect(page.getByText('No results')).toBeVisible();
  await page.getByLabel('Search').fill('');

  // The other screens of the audience features, in English.
  for (const [path, name, ready] of [
    ['store', 'store', 'Save to my audiences'],
    ['interests', 'interests', 'Build an audience'],
    ['communities', 'communities', 'Build an audience from this'],
    ['explore-x', 'explore-x', 'Explore'],
  ] as const) {
    await page.goto(`/tokyo-launch/${path}`);
    await expect(
      page
        .getByRole('button', { name: ready })
        .or(page.getByRole('link', { name: ready }))
        .first(),
    ).toBeVisible({
      timeout: 20_000,
    });
    await screenshot(page, `${name}-en`);
  }

  // Japanese: the same screens.
  await page.goto('/tokyo-launch/account');
  await page.getByLabel('Language', { exact: true }).click();
  await page.getByRole('option', { name: '日本語' }).click();
  await page.getByRole('button', { name: 'Save language' }).click();
  await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
  for (const [path, name, heading] of [
    ['creator', 'creator', 'オーディエンス作成'],
    ['audiences', 'audiences', 'マイオーディエンス'],
    ['store', 'store', 'オーディエンスストア'],
    ['interests', 'interests', '興味関心'],
    ['communities', 'communities', 'コミュニティ'],
    ['explore-x', 'explore-x', 'X を探索'],
  ] as const) {
    await page.goto(`/tokyo-launch/${path}`);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await screenshot(page, `${name}-ja`);
  }
  await page.goto('/tokyo-launch/audiences');
  await page.getByRole('row').filter({ hasText: 'Anime fans in Japan' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/insights\?config=/);
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'insights-ja');
});

test('a signed-out visitor of the audience store is asked to sign in to save', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: server.url });
  await page.goto('/store');
  await expect(page.getByRole('link', { name: 'Sign in to save this audience' }).first()).toBeVisible({
    timeout: 20_000,
  });
  await screenshot(page, 'store-signed-out-en');
  await page.getByRole('link', { name: 'Sign in to save this audience' }).first().click();
  await expect(page).toHaveURL(/\/login/);
});
