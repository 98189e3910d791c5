import { expect, test, type Page } from '@playwright/test';
import { waitForEngine, watchJobs, type Insights } from '../support/audience-api';
import { checkTab } from '../support/insights-screen';
import { useJourneyServer } from '../support/journey-server';
import { tr } from '../support/locales';
import { invitationLinkFrom, isSignInMail, sentTo, signInCodeFrom } from '../support/mail';
import { screenshot } from '../support/screens';

/**
 * A Japanese browser gets the Japanese interface and Japanese mails from the first screen on
 * (SPEC §9: browser-language default). Screenshots of every screen in Japanese are kept as artifacts.
 */
const app = useJourneyServer();

test.use({ locale: 'ja-JP' });

async function signIn(page: Page, email: string, shot?: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'ログインまたは新規登録' })).toBeVisible();
  await page.getByLabel('メールアドレス').fill(email);
  if (shot) await screenshot(page, `${shot}-email`);
  const mark = app.sink.mark();
  await page.getByRole('button', { name: 'ログインコードを送信' }).click();
  const mail = await app.sink.waitFor(isSignInMail(email), { after: mark });
  // The mail is in the browser's language too.
  expect(mail.subject).toContain('ログインコード');
  await expect(page.getByLabel('ログインコード')).toBeVisible();
  if (shot) await screenshot(page, `${shot}-code`);
  await page.getByLabel('ログインコード').pressSequentially(signInCodeFrom(mail), { delay: 30 });
}

test('every screen of the foundation in Japanese', async ({ page, browser }) => {
  await page.goto(`${app.server.url}/choose-team`);
  await signIn(page, 'hanako@example.jp', 'ja-login');

  await expect(page.getByRole('heading', { name: 'Murmur へようこそ', exact: false })).toBeVisible();
  await screenshot(page, 'ja-welcome');
  await page.getByRole('button', { name: 'チームを作成' }).click();
  await page.getByLabel('チーム名').fill('東京マーケティング');
  await screenshot(page, 'ja-create-team');
  await page.getByRole('button', { name: 'チームを作成する' }).click();

  await expect(page.getByRole('heading', { name: 'チーム設定' })).toBeVisible();
  await page.getByLabel('メールアドレス', { exact: false }).first().fill('taro@example.jp');
  await page.getByRole('button', { name: '招待を送信' }).click();
  const invitation = await app.sink.waitFor(sentTo('taro@example.jp'));
  await screenshot(page, 'ja-team-settings');

  // The invitee, also on a Japanese browser.
  const taroContext = await browser.newContext({ locale: 'ja-JP' });
  const taro = await taroContext.newPage();
  await taro.goto(invitationLinkFrom(invitation));
  await expect(taro.getByText('東京マーケティング').first()).toBeVisible();
  await screenshot(taro, 'ja-invite-accept-signed-out');
  await taro
    .getByRole('link', { name: 'ログインして承認' })
    .or(taro.getByRole('button', { name: 'ログインして承認' }))
    .first()
    .click();
  await signIn(taro, 'taro@example.jp');
  await expect(taro.getByRole('button', { name: '東京マーケティング に参加する' })).toBeVisible();
  await screenshot(taro, 'ja-invite-accept');
  await taro.getByRole('button', { name: '東京マーケティング に参加する' }).click();
  await expect(taro).not.toHaveURL(/invite-accept/);

  await taro.goto(`${app.server.url}/choose-team`);
  await expect(taro.getByRole('heading', { name: 'チームを選択' })).toBeVisible();
  await screenshot(taro, 'ja-choose-team');

  await page.goto(`${app.server.url}/${new URL(page.url()).pathname.split('/')[1]}/account`);
  await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
  await screenshot(page, 'ja-account');
  await taroContext.close();
});

// Catalogue names (interests, topics, movies/TV, job titles), store audiences and community
// names read in Japanese on Japanese screens; what is stored and sent keeps the catalogue's names.
test('catalogue names, store audiences and insights in Japanese', async ({ page }) => {
  test.setTimeout(300_000);
  await waitForEngine(app.server.url);

  // The public store, searched in Japanese: the server names each audience in both languages.
  await page.goto(`${app.server.url}/store?search=${encodeURIComponent('テクノロジー')}`);
  const card = page.getByRole('article', { name: 'テクノロジー · 日本' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('日本でテクノロジー・コンピューターに関心のある X ユーザー。');
  await expect(page.getByText('Technology · Japan')).toHaveCount(0);
  await screenshot(page, 'ja-store-names');

  await page.goto(`${app.server.url}/choose-team`);
  await signIn(page, 'sora@example.jp');
  await page.getByRole('button', { name: 'チームを作成' }).click();
  await page.getByLabel('チーム名').fill('大阪データ');
  await page.getByRole('button', { name: 'チームを作成する' }).click();
  await expect(page.getByRole('heading', { name: 'チーム設定' })).toBeVisible();
  const team = new URL(page.url()).pathname.split('/')[1]!;

  // The creator holds X's names and shows Japanese ones.
  const pkg = {
    interests: [{ label: 'Sports/Soccer' }],
    conversation_topics: [{ label: 'Formula 1' }],
    movies_tv_shows: [{ label: 'The Quiet House' }],
  };
  const encoded = (p: object) => Buffer.from(JSON.stringify(p)).toString('base64url');
  await page.goto(`${app.server.url}/${team}/creator?package=${encoded(pkg)}`);
  await expect(page.getByRole('heading', { name: tr('ja', 'screens.creator'), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: tr('ja', 'stepper.continue') }).click();
  const chips = page.getByRole('group', { name: tr('ja', 'creator.selectedItems') });
  await expect(chips.getByText('スポーツ/サッカー', { exact: true })).toBeVisible();
  await expect(chips.getByText('F1', { exact: true })).toBeVisible();
  await expect(chips.getByText('静かな家', { exact: true })).toBeVisible();
  await expect(chips.getByText('Sports/Soccer')).toHaveCount(0);
  await screenshot(page, 'ja-creator-catalogue-names');

  // Insights of soccer fans: interests, topics, movies/TV, job titles and communities in Japanese.
  const jobs = watchJobs(page);
  await page.goto(`${app.server.url}/${team}/insights?package=${encoded({ interests: pkg.interests })}`);
  const report = (await jobs.finished(/insights/)).result as Insights;
  for (const tab of ['conversation', 'jobTitles', 'network'] as const) {
    await checkTab(page, 'ja', tab, report);
    await screenshot(page, `ja-insights-${tab}-catalogue-names`);
  }
});
