import { expect, test, type Page } from '@playwright/test';
import { useJourneyServer } from '../support/journey-server';
import { screenshot } from '../support/screens';

/**
 * Deep Thought (issue 15 "Done when"): on the premium host a visitor signs in with X on the
 * sandbox's authorisation page, syncs, subscribes to premium through the payment stand-in, sees
 * followers, unfollowers and engagers after simulated time passes, follows back the followers the
 * spam analysis flags and then bulk-unfollows them (60 or more, X's per-user limit honoured: the job
 * waits for the window), creates a list and asks Talk to X two questions in Japanese. Screenshots
 * in English and Japanese. X's 15-minute windows are 12 s here.
 */
const app = useJourneyServer({ SANDBOX_X_RATE_LIMIT_WINDOW_SECONDS: '12' });
const STRIPE_KEY = 'sk_test_sandbox_murmur_0000000000000000';

test.setTimeout(240_000);

interface ExportAccount {
  n: number;
  id: string;
  handle: string;
  kind: string;
}

/** The sandbox's ground truth: accounts and who follows whom (the bulk export). */
async function sandboxGraph(base: string) {
  const text = await (await fetch(`${base}/sandbox/export`)).text();
  const accounts = new Map<number, ExportAccount>();
  const following = new Map<number, number[]>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const record = JSON.parse(line) as { type: string; n: number; to?: number[] } & ExportAccount;
    if (record.type === 'account') accounts.set(record.n, record);
    else if (record.type === 'following') following.set(record.n, record.to ?? []);
  }
  return { accounts, following };
}

/** A person with 64–100 spam followers: just enough spam to clean up 60, few enough for one page. */
async function pickAccount(base: string): Promise<ExportAccount> {
  const { accounts, following } = await sandboxGraph(base);
  const spamFollowers = new Map<number, number>();
  for (const [n, to] of following)
    if (accounts.get(n)?.kind === 'spam')
      for (const t of to) spamFollowers.set(t, (spamFollowers.get(t) ?? 0) + 1);
  const candidates = [...spamFollowers.entries()]
    .filter(([n, count]) => accounts.get(n)?.kind === 'person' && count >= 64 && count <= 100)
    .sort((a, b) => a[1] - b[1]);
  expect(candidates.length, 'a sandbox person with 64–100 spam followers').toBeGreaterThan(0);
  return accounts.get(candidates[0]![0])!;
}

/** Premium through the payment stand-in: a checkout session for the user, paid with a test card. */
async function subscribeToPremium(page: Page, base: string, premium: string) {
  const me = await page.evaluate(async () => (await (await fetch('/api/user/me/')).json()) as { id: number });
  const stripe = (path: string, form: Record<string, string>) =>
    fetch(`${base}/sandbox/stripe/v1/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    }).then(async (r) => {
      expect(r.status, await r.clone().text()).toBe(200);
      return (await r.json()) as { id: string; url: string };
    });
  const price = await stripe('prices', {
    currency: 'eur',
    unit_amount: '1900',
    'recurring[interval]': 'month',
    lookup_key: 'murmur-premium-month-eur',
    'product_data[name]': 'Premium (monthly)',
    'metadata[plan]': 'premium-month',
  });
  const session = await stripe('checkout/sessions', {
    mode: 'subscription',
    'line_items[0][price]': price.id,
    'line_items[0][quantity]': '1',
    success_url: `${premium}/create-subscription/success`,
    cancel_url: `${premium}/create-subscription/cancel`,
    'subscription_data[metadata][user_id]': String(me.id),
    'subscription_data[metadata][plan]': 'premium-month',
  });
  const paid = await fetch(session.url.replace(/^https?:\/\/[^/]+/, base), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'premium@example.com',
      number: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Deep Thought',
    }),
  });
  expect(paid.status, await paid.text()).toBe(303);
  await expect
    .poll(
      async () =>
        page.evaluate(
          async () =>
            (await (await fetch('/api/external/deepthought/status/')).json()) as { premium: boolean },
        ),
      {
        timeout: 20_000,
      },
    )
    .toMatchObject({ premium: true });
}

async function syncAndWait(page: Page) {
  await page.getByRole('button', { name: /Sync now|今すぐ同期/ }).click();
  await expect(page.getByRole('button', { name: /Sync now|今すぐ同期/ })).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByText(/Synced from X|Xから同期/).first()).toBeVisible();
}

test('sign in with X, sync, premium, unfollowers and engagers, spam clean-up, a list, Talk to X in Japanese', async ({
  browser,
}) => {
  const base = app.server.url;
  const premium = base.replace('://localhost', '://premium.localhost');
  const account = await pickAccount(base);
  const page = await browser.newPage({ baseURL: premium, viewport: { width: 1280, height: 900 } });

  // The paused page, then sign in with X on the sandbox's authorisation page as the chosen account.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Deep Thought', level: 1 })).toBeVisible();
  await screenshot(page, 'premium-paused-en');
  await page.getByRole('button', { name: 'Sign in with X' }).click();
  await expect(page).toHaveURL(/\/sandbox\/x\/oauth\/authenticate/);
  await page.getByLabel('Find a sandbox account by handle').fill(account.handle);
  await page.getByLabel('Find a sandbox account by handle').press('Enter');
  await page.locator(`input[name="account"][value="${account.id}"]`).check();
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await expect(page).toHaveURL(`${premium}/premium-suite`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Premium suite', level: 1 })).toBeVisible();
  await expect(page.getByText(`@${account.handle}`)).toBeVisible();

  // First sync; pages beyond the dashboard ask for premium until there is a subscription.
  await syncAndWait(page);
  await page.goto('/followers');
  await expect(page.getByText('An active premium subscription is needed for this page.')).toBeVisible();
  await subscribeToPremium(page, base, premium);

  // Time passes in the sandbox; the second sync sees who left and who came.
  const advanced = await fetch(`${base}/sandbox/simulate/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ hours: 96 }),
  });
  expect(advanced.status).toBe(200);
  await page.goto('/premium-suite');
  await syncAndWait(page);
  await expect(page.getByRole('heading', { name: 'Best time to post' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payout prediction' })).toBeVisible();
  await screenshot(page, 'premium-dashboard-en');

  await page.goto('/followers');
  await expect(page.getByRole('table')).toBeVisible();
  await screenshot(page, 'premium-followers-en');
  await page.goto('/premium-suite/unfollowed');
  await expect(page.getByText(/Unfollowed you \(\d+\)/)).toBeVisible();
  await expect(page.getByText(/New followers \(\d+\)/)).toBeVisible();
  await screenshot(page, 'premium-unfollowed-en');
  await page.goto('/engagers');
  await expect(page.getByText(/Engagement read from \d+ posts/)).toBeVisible();
  await screenshot(page, 'premium-engagers-en');

  // Follow back the followers flagged as likely spam (one job)…
  await page.goto('/followers');
  await page.getByText('Likely spam', { exact: true }).first().click();
  await expect(page.getByText(/^\d+ accounts$/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  const follow = page.getByRole('button', { name: /^Follow selected \(\d+\)$/ });
  const flagged = Number(/\((\d+)\)/.exec((await follow.textContent()) ?? '')?.[1]);
  expect(flagged).toBeGreaterThanOrEqual(60);
  await follow.click();
  await expect(page.getByText(`Follow · done`)).toBeVisible({ timeout: 60_000 });

  // …then the spam analysis lists them among the accounts followed, and one bulk job unfollows them.
  await page.goto('/premium-suite/accounts');
  await syncAndWait(page);
  const spamFollowing = await sandboxSpamFollowing(base, account);
  expect(spamFollowing).toBeGreaterThanOrEqual(60);
  await page.getByRole('checkbox', { name: 'Select all' }).first().check();
  const unfollow = page.getByRole('button', { name: /^Unfollow selected \(\d+\)$/ });
  const selected = Number(/\((\d+)\)/.exec((await unfollow.textContent()) ?? '')?.[1]);
  expect(selected).toBeGreaterThanOrEqual(60);
  await unfollow.click();
  // More than X's 50 per window: the job waits for the reset, and says so.
  await expect(page.getByText("Unfollow · waiting for X's rate limit")).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'premium-bulk-unfollow-waiting-en');
  await expect(page.getByText('Unfollow · done')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`${selected} of ${selected}`)).toBeVisible();
  expect(await sandboxSpamFollowing(base, account)).toBe(spamFollowing - selected);

  // A list, created on X.
  await page.goto('/lists');
  await page.getByRole('button', { name: 'New list' }).click();
  await page.getByLabel('Name').fill('Close friends');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('cell', { name: 'Close friends' })).toBeVisible();
  await screenshot(page, 'premium-lists-en');
  await walkRoutes(page);

  // Japanese: Talk to X answers two questions from the synced figures.
  await page.getByRole('button', { name: /English/ }).click();
  await page.getByRole('menuitem', { name: '日本語' }).click();
  await page.goto('/talk-to-x');
  await expect(page.getByRole('heading', { name: 'Talk to X', level: 1 })).toBeVisible();
  const question = page.getByLabel('質問', { exact: true });
  await question.fill('今週フォロー解除したのは誰？');
  await page.getByRole('button', { name: '質問する' }).click();
  await expect(
    page.getByText(/今週、(\d+人がフォローを解除しました|フォローを解除した人はいません)/),
  ).toBeVisible();
  await question.fill('いつ投稿すればいい？');
  await page.getByRole('button', { name: '質問する' }).click();
  await expect(page.getByText(/フォロワーが最も活発なのは/)).toBeVisible();
  await expect(page.getByRole('table', { name: '使用した数値' }).first()).toBeVisible();
  await screenshot(page, 'premium-talk-to-x-ja');
  for (const [path, name] of [
    ['/premium-suite', 'dashboard'],
    ['/premium-suite/unfollowed', 'unfollowed'],
    ['/premium-suite/accounts', 'accounts'],
    ['/lists', 'lists'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(/Xから同期/).first()).toBeVisible();
    await screenshot(page, `premium-${name}-ja`);
  }
});

/** How many spam accounts the account follows now, from the sandbox's own follow graph. */
async function sandboxSpamFollowing(base: string, account: ExportAccount): Promise<number> {
  const { accounts, following } = await sandboxGraph(base);
  return (following.get(account.n) ?? []).filter((t) => accounts.get(t)?.kind === 'spam').length;
}

/** The route walk: every premium route and alias shows its real screen (signed in, with data). */
async function walkRoutes(page: Page) {
  for (const [path, heading] of [
    ['/authenticated', 'Sign in to Deep Thought'],
    ['/login/twitter', 'Sign in to Deep Thought'],
    ['/', 'Deep Thought'],
    ['/premium-suite', 'Premium suite'],
    ['/premium-suite/topics', 'Topics'],
    ['/topics', 'Topics'],
    ['/premium-suite/following-topics', 'Following topics'],
    ['/following-topics', 'Following topics'],
    ['/premium-suite/unfollowed', 'Unfollowed'],
    ['/premium-suite/talk-to-x', 'Talk to X'],
    ['/talk-to-x', 'Talk to X'],
    ['/premium-suite/xstats', 'X statistics'],
    ['/premium-suite/xstats/JP', 'X statistics'],
    ['/xstats', 'X statistics'],
    ['/xstats/US', 'X statistics'],
    ['/premium-suite/accounts', 'Accounts'],
    ['/followers', 'Followers'],
    ['/following', 'Following'],
    ['/posts', 'Posts'],
    ['/post/1234567890', 'Post'],
    ['/engagers', 'Engagers'],
    ['/lists', 'Lists'],
    ['/switch-account', 'Switch account'],
    ['/no/such/page', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }), path).toBeVisible();
    await expect(page.getByText(/not available in this version/i), path).toHaveCount(0);
    await expect(page, path).toHaveTitle(/Deep Thought/);
  }
}
