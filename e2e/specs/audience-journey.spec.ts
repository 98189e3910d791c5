import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { countryByCode } from '@murmur/core/countries';
import { formatLargeNumber, formatPercent } from '@murmur/core/format';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { unzipSync } from 'fflate';
import { hasMessage, tr, type Lang } from '../support/locales';
import { isSignInMail, signInCodeFrom } from '../support/mail';
import { readPng } from '../support/png';
import { screenshot } from '../support/screens';
import { startServer, type RunningServer } from '../support/server';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/**
 * Issue 5's journey: build an audience in the creator from a handle, an interest, Japan and the
 * Japanese language while its size changes (each size checked against the API); save it; open its
 * insights and find the API's figures in every tab; export a panel as PNG and all of them as a zip;
 * find it in My Audiences and compare it with another. Every screen of the audience features is kept
 * as a screenshot in English and in Japanese (e2e/artifacts/screens/).
 */
let sink: SmtpSink;
let server: RunningServer;

const TEAM = 'tokyo-launch';
const AUDIENCE = 'Anime fans in Japan';
const OTHER_AUDIENCE = 'Anime and manga fans';
const EXPORTS_DIR = resolve(import.meta.dirname, '../artifacts/exports');

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
      { timeout: 60_000 },
    )
    .toBe('ready');
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

test.setTimeout(480_000);

// ---------------------------------------------------------------------------------------------------
// The API, as the test calls it (with the page's session), and the shapes the journey reads.

type Pkg = Record<string, unknown[]>;

interface Share {
  key: string;
  label: string;
  share: number;
}
interface Account {
  handle: string;
  name: string;
  share?: number;
}
interface Job {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  result: unknown;
}
interface Insights {
  estimate: { population_estimate: number; size_bucket: string };
  summary?: { populationEstimate: number; sizeBucket: string };
  interests?: { interests: Share[]; distinctive: Share[] };
  influentialAccounts?: { accounts: Account[]; distinctive: Account[] };
  demographics?: { countries: Share[]; languages: Share[] };
  locations?: { countries: Share[] };
  conversationTopics?: { topics: Share[] };
  jobTitles?: { categories: Share[] };
  communities?: { communities: { name: string }[] };
  topicAnalysis?: { hashtags: Share[]; terms: Share[] };
  contentWall?: { posts: { text: string; author: { handle: string } }[] };
}
interface Comparison {
  sizeA: number;
  sizeB: number;
  overlap: number;
  shareOfAInB: number;
  shareOfBInA: number;
  jaccard: number;
}
interface AudienceConfig {
  id: number;
  name: string;
  size: number;
  country: string | null;
}

const share = (fraction: number) => formatPercent(fraction, { fromFraction: true });

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const csrf = (await page.context().cookies(server.url)).find((c) => c.name === 'csrftoken')?.value;
  const response = await page.request.fetch(`${server.url}${path}`, {
    method,
    data,
    headers: csrf === undefined ? {} : { 'X-CSRFToken': csrf },
  });
  expect(response.ok(), `${method} ${path} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The size the creator should show for a package: the API's own estimate, formatted (SPEC §9). */
async function expectedSize(page: Page, pkg: Pkg): Promise<string> {
  const estimate = await api<{ population_estimate: number }>(page, 'POST', '/api/build-audience/', {
    targeting_package: pkg,
  });
  return formatLargeNumber(estimate.population_estimate);
}

/**
 * Keeps every job the page hears about (the POST that starts it and each poll), so that a journey can
 * compare what the screen shows with the job's own result.
 */
function watchJobs(page: Page): { finished: (kind: RegExp) => Promise<Job> } {
  const jobs = new Map<string, Job>();
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!/^\/api\/(jobs\/[^/]+|audience-configs\/(insights|perspectives))\/$/.test(path)) return;
    response
      .json()
      .then((body: { job?: Job } & Partial<Job>) => {
        const job = body.job ?? (body as Job);
        if (typeof job.id === 'string') jobs.set(job.id, job);
      })
      .catch(() => undefined);
  });
  return {
    async finished(kind) {
      let found: Job | undefined;
      await expect
        .poll(
          () => {
            found = [...jobs.values()].reverse().find((j) => kind.test(j.kind) && j.state === 'done');
            return found !== undefined;
          },
          { timeout: 60_000, message: `a finished ${String(kind)} job` },
        )
        .toBe(true);
      jobs.clear();
      return found!;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Screens

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  const mark = sink.mark();
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  const mail = await sink.waitFor(isSignInMail(email), { after: mark });
  await page.getByLabel('Sign-in code').pressSequentially(signInCodeFrom(mail), { delay: 30 });
}

const sizeFigure = (page: Page) => page.getByTestId('audience-size');

/** The size panel shows `expected` and has settled (no call pending). */
async function expectSize(page: Page, expected: string): Promise<void> {
  await expect(sizeFigure(page)).toHaveText(expected, { timeout: 20_000 });
  await expect(page.locator('[aria-labelledby="creator-size-title"]')).toHaveAttribute('aria-busy', 'false');
  await expect(sizeFigure(page)).toHaveText(expected);
}

/** Every lazily drawn picture (map, graph, cloud) of the open screen has drawn. */
async function drawingsDone(page: Page): Promise<void> {
  await expect(page.locator('[data-panel-pending]')).toHaveCount(0, { timeout: 30_000 });
}

const TABS = [
  'summary',
  'demographics',
  'conversation',
  'jobTitles',
  'network',
  'topicAnalysis',
  'contentWall',
] as const;
type Tab = (typeof TABS)[number];

const tabName = (lang: Lang, tab: Tab) => tr(lang, `insights.tabs.${tab}`);

/** Opens a tab of the insights screen (under "More" when it does not fit) and returns its panel. */
async function openTab(page: Page, lang: Lang, tab: Tab): Promise<Locator> {
  const name = tabName(lang, tab);
  const button = page.getByRole('tab', { name, exact: true });
  if ((await button.count()) === 0) {
    await page.getByRole('button', { name: tr(lang, 'tabs.more') }).click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  } else {
    await button.click();
  }
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  await drawingsDone(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  return panel;
}

/** A panel (a titled region) of the open tab. */
const region = (panel: Locator, lang: Lang, key: string) =>
  panel.getByRole('region', { name: tr(lang, `insights.panels.${key}`), exact: true });

/** The row of a distribution table that shows `label`, with its share. */
async function expectShareRow(panel: Locator, label: string, fraction: number): Promise<void> {
  const row = panel.getByRole('row').filter({ hasText: label }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(share(fraction));
}

const top = <T>(list: readonly T[] | undefined, what: string): T => {
  const first = list?.[0];
  if (first === undefined) throw new Error(`The report has no ${what}: nothing to compare the screen with`);
  return first;
};

const jobCategoryLabel = (lang: Lang, label: string) => {
  const key = `insights.jobCategories.${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;
  return hasMessage(lang, key) ? tr(lang, key) : label;
};

/** Each tab of the insights screen shows the figures of the report the API computed. */
async function checkTab(page: Page, lang: Lang, tab: Tab, report: Insights): Promise<number> {
  const panel = await openTab(page, lang, tab);
  if (tab === 'summary') {
    const size = region(panel, lang, 'keyFigures');
    await expect(size).toContainText(
      formatLargeNumber(report.summary?.populationEstimate ?? report.estimate.population_estimate),
    );
    await expect(size).toContainText(report.summary?.sizeBucket ?? report.estimate.size_bucket);
    const interests = report.interests?.distinctive.length
      ? report.interests.distinctive
      : report.interests?.interests;
    const interest = top(interests, 'top interest');
    await expectShareRow(region(panel, lang, 'topInterests'), interest.label, interest.share);
    const account = top(report.influentialAccounts?.accounts, 'influential account');
    const influential = region(panel, lang, 'influentialAccounts');
    await expect(influential.getByRole('listitem').first()).toContainText(`@${account.handle}`);
    await expect(influential.getByRole('listitem').first()).toContainText(share(account.share ?? 0));
  } else if (tab === 'demographics') {
    const country = top(report.locations?.countries ?? report.demographics?.countries, 'country');
    const name = countryByCode(country.key.toUpperCase());
    const countryName = name === undefined ? country.label : lang === 'ja' ? name.nameJa : name.name;
    await expectShareRow(region(panel, lang, 'countries'), countryName, country.share);
    if (lang === 'en') {
      const language = top(report.demographics?.languages, 'language');
      await expectShareRow(region(panel, lang, 'languages'), language.label, language.share);
    }
  } else if (tab === 'conversation') {
    const interest = top(report.interests?.interests, 'interest');
    await expectShareRow(region(panel, lang, 'interests'), interest.label, interest.share);
    const topic = report.conversationTopics?.topics[0];
    if (topic !== undefined)
      await expectShareRow(region(panel, lang, 'conversationTopics'), topic.label, topic.share);
  } else if (tab === 'jobTitles') {
    const category = top(report.jobTitles?.categories, 'job category');
    await expectShareRow(
      region(panel, lang, 'jobCategories'),
      jobCategoryLabel(lang, category.label),
      category.share,
    );
  } else if (tab === 'network') {
    const community = top(report.communities?.communities, 'community');
    await expect(region(panel, lang, 'communities')).toContainText(community.name);
    const account = top(report.influentialAccounts?.distinctive, 'distinctive account');
    await expect(region(panel, lang, 'distinctiveAccounts')).toContainText(`@${account.handle}`);
  } else if (tab === 'topicAnalysis') {
    const hashtag = top(report.topicAnalysis?.hashtags, 'hashtag');
    await expectShareRow(region(panel, lang, 'hashtags'), hashtag.label, hashtag.share);
  } else {
    const post = top(report.contentWall?.posts, 'post');
    const wall = region(panel, lang, 'contentWall');
    const first = wall.getByRole('listitem').first();
    await expect(first).toContainText(`@${post.author.handle}`);
    // The first line of the text is enough to know the post (the rest wraps as it likes).
    const line = post.text.split('\n')[0]!.trim().slice(0, 60);
    await expect(first).toContainText(line === '' ? tr(lang, 'insights.postTextUnavailable') : line);
  }
  return panel.locator('[data-export-panel]').count();
}

/** Compares the two audiences from My Audiences and checks the overlap against the job's result. */
async function compareAudiences(page: Page, lang: Lang, jobs: ReturnType<typeof watchJobs>) {
  await page.getByRole('button', { name: tr(lang, 'audiences.actions.label', { name: AUDIENCE }) }).click();
  await page.getByRole('menuitem', { name: tr(lang, 'audiences.actions.compare') }).click();
  const dialog = page.getByRole('dialog', { name: tr(lang, 'audiences.compare.title') });
  await dialog.getByRole('textbox', { name: tr(lang, 'audiences.compare.with', { name: AUDIENCE }) }).click();
  await page.getByRole('option', { name: OTHER_AUDIENCE }).click();
  await dialog.getByRole('button', { name: tr(lang, 'audiences.compare.start'), exact: true }).click();
  const result = (await jobs.finished(/perspective|compar/)).result as Comparison;
  const table = dialog.getByRole('table', { name: tr(lang, 'audiences.compare.overlapTable') });
  const row = (name: string) => table.getByRole('row').filter({ hasText: name }).first();
  await expect(row(AUDIENCE)).toContainText(formatLargeNumber(result.sizeA));
  await expect(row(OTHER_AUDIENCE)).toContainText(formatLargeNumber(result.sizeB));
  await expect(row(tr(lang, 'audiences.compare.overlap'))).toContainText(formatLargeNumber(result.overlap));
  await expect(row(tr(lang, 'audiences.compare.shareOf', { a: AUDIENCE, b: OTHER_AUDIENCE }))).toContainText(
    share(result.shareOfAInB),
  );
  await expect(row(tr(lang, 'audiences.compare.shareOf', { a: OTHER_AUDIENCE, b: AUDIENCE }))).toContainText(
    share(result.shareOfBInA),
  );
  await expect(row(tr(lang, 'audiences.compare.similarity'))).toContainText(share(result.jaccard));
  await screenshot(page, `audiences-compare-${lang}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** My Audiences lists the saved audience with the size the API stored for it. */
async function checkMyAudiences(page: Page, lang: Lang, config: AudienceConfig): Promise<void> {
  await page.goto(`/${TEAM}/audiences`);
  await expect(page.getByRole('heading', { name: tr(lang, 'screens.audiences'), level: 1 })).toBeVisible();
  const headers = await page.getByRole('columnheader').allTextContents();
  const sizeColumn = headers.findIndex((h) => h.trim().startsWith(tr(lang, 'audiences.columns.size')));
  expect(sizeColumn).toBeGreaterThanOrEqual(0);
  const row = page.getByRole('row').filter({ hasText: AUDIENCE }).filter({ hasNotText: OTHER_AUDIENCE });
  await expect(row.getByRole('link', { name: AUDIENCE, exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(sizeColumn)).toHaveText(formatLargeNumber(config.size));
  await screenshot(page, `audiences-${lang}`);
}

/** The other audience screens, each with its data on screen. */
async function otherScreens(page: Page, lang: Lang, handle: string): Promise<void> {
  for (const [path, name, ready] of [
    ['store', 'store', 'store.save'],
    ['interests', 'interests', 'interests.build'],
    ['communities', 'communities', 'communities.build'],
  ] as const) {
    await page.goto(`/${TEAM}/${path}`);
    const action = tr(lang, ready);
    await expect(
      page
        .getByRole('button', { name: action })
        .or(page.getByRole('link', { name: action }))
        .first(),
    ).toBeVisible({ timeout: 20_000 });
    await drawingsDone(page);
    await screenshot(page, `${name}-${lang}`);
  }
  await page.goto(`/${TEAM}/explore-x`);
  await page.getByRole('textbox', { name: tr(lang, 'explore.followers.label') }).fill(handle);
  await page.getByRole('button', { name: tr(lang, 'explore.explore') }).click();
  const followers = await api<{ estimate: { population_estimate: number } }>(
    page,
    'POST',
    '/api/external/followers-of/',
    { handle },
  );
  await expect(page.getByTestId('explore-size')).toHaveText(
    formatLargeNumber(followers.estimate.population_estimate),
  );
  await screenshot(page, `explore-x-${lang}`);
}

// ---------------------------------------------------------------------------------------------------

test('builds an audience from a handle, an interest, Japan and Japanese; studies, saves, exports and compares it', async ({
  browser,
}) => {
  const page = await browser.newPage({ baseURL: server.url, acceptDownloads: true });
  const jobs = watchJobs(page);
  await signIn(page, 'maya@example.com');
  await expect(page).toHaveURL(/\/welcome/);
  await page
    .getByRole('button', { name: 'Create a team' })
    .or(page.getByRole('link', { name: 'Create a team' }))
    .first()
    .click();
  await page.getByLabel('Team name').fill('Tokyo Launch');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(new RegExp(`/${TEAM}/team`));

  // The creator, empty: the size panel says what to do.
  await page.getByRole('link', { name: 'Audience creator' }).click();
  await expect(page.getByRole('heading', { name: 'Audience creator' })).toBeVisible();
  await expect(page.getByText(tr('en', 'creator.size.empty'))).toBeVisible();
  await screenshot(page, 'creator-0-empty-en');

  // 1. A handle, picked from the network's own accounts, and confirmed by the network.
  await page.getByRole('textbox', { name: 'Handles' }).fill('a');
  const suggestion = page.getByRole('option').first();
  await expect(suggestion).toBeVisible();
  const handle = ((await suggestion.getAttribute('aria-label')) ?? '').replace(/^@/, '');
  expect(handle).not.toBe('');
  await screenshot(page, 'creator-1-handle-autocomplete-en');
  await suggestion.click();
  const checked = await api<{ valid: boolean; account: { name: string; followers_count: number } | null }>(
    page,
    'POST',
    '/api/external/validate-handle/',
    { handle },
  );
  expect(checked.valid).toBe(true);
  const chip = page
    .getByRole('group', { name: tr('en', 'creator.selectedItems') })
    .filter({ hasText: `@${handle}` });
  await expect(chip).toContainText(checked.account!.name);
  await expect(chip).toContainText(
    tr('en', 'creator.handles.followers', { formatted: formatLargeNumber(checked.account!.followers_count) }),
  );
  const pkg: Pkg = { handles: [{ handle }] };
  const sizes = [await expectedSize(page, pkg)];
  await expectSize(page, sizes[0]!);
  await screenshot(page, 'creator-1-people-en');

  // 2. An interest.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Interests' }).fill('anime');
  const animeOption = page.getByRole('option', { name: /Anime and manga/ }).first();
  const interestLabel = (await animeOption.getAttribute('aria-label')) ?? '';
  await animeOption.click();
  await expect(page.getByRole('checkbox', { name: interestLabel })).toBeChecked();
  const found = await api<{ interests: { value: string; label: string }[] }>(
    page,
    'POST',
    '/api/external/interests/search/',
    { keywords: 'anime' },
  );
  const interest = found.interests.find((item) => item.label === interestLabel);
  expect(interest, `the catalogue has ${interestLabel}`).toBeDefined();
  pkg.interests = [{ label: interest!.label, id: interest!.value }];
  sizes.push(await expectedSize(page, pkg));
  await expectSize(page, sizes[1]!);
  await screenshot(page, 'creator-2-interests-en');

  // 3. Japan (North Korea is listed but cannot be picked), then Japanese.
  await page.getByRole('button', { name: 'Continue' }).click();
  const countries = page.getByRole('textbox', { name: 'Countries' });
  await countries.fill('korea');
  await expect(page.getByRole('option', { name: 'North Korea' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(tr('en', 'creator.countries.notAvailable'))).toBeVisible();
  await screenshot(page, 'creator-3-countries-dprk-en');
  await countries.fill('Japan');
  await countries.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Japan' })).toBeChecked();
  pkg.countries = [{ label: 'Japan', id: 'JP' }];
  sizes.push(await expectedSize(page, pkg));
  await expectSize(page, sizes[2]!);
  await page.getByRole('textbox', { name: 'Languages' }).fill('Japanese');
  await page.getByRole('option', { name: 'Japanese', exact: true }).click();
  const { languages } = await api<{ languages: { value: string; label: string }[] }>(
    page,
    'GET',
    '/api/external/languages/',
  );
  const japanese = languages.find((item) => item.label === 'Japanese');
  expect(japanese).toBeDefined();
  pkg.languages = [{ label: japanese!.label, id: japanese!.value }];
  sizes.push(await expectedSize(page, pkg));
  await expectSize(page, sizes[3]!);
  await screenshot(page, 'creator-3-location-en');
  // The size changed with every criterion.
  for (let i = 1; i < sizes.length; i++)
    expect(sizes[i], `size after criterion ${i + 1}`).not.toBe(sizes[i - 1]);

  // 4. Age, gender, placements: nothing needed. 5. Name and save.
  await page.getByRole('button', { name: 'Continue' }).click();
  await screenshot(page, 'creator-4-demographics-en');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/Audience name/).fill(AUDIENCE);
  await screenshot(page, 'creator-5-review-en');
  await page.getByRole('button', { name: 'Submit' }).click();
  const saved = page
    .getByRole('status')
    .filter({ hasText: tr('en', 'creator.saved.title', { name: AUDIENCE }) });
  await expect(saved).toBeVisible();
  await expect(saved).toContainText(sizes[3]!);
  await screenshot(page, 'creator-6-saved-en');

  // Insights of the saved audience: the page computes them as a job; each tab shows its result.
  await saved.getByRole('link', { name: 'Open insights' }).click();
  await expect(page).toHaveURL(new RegExp(`/${TEAM}/insights\\?config=\\d+`));
  const configId = Number(new URL(page.url()).searchParams.get('config'));
  const report = (await jobs.finished(/insights/)).result as Insights;
  await expect(page.getByRole('tab', { name: 'Summary' })).toBeVisible({ timeout: 60_000 });
  let panels = 0;
  for (const tab of TABS) {
    panels += await checkTab(page, 'en', tab, report);
    await screenshot(page, `insights-${tab}-en`);
  }

  // Export one panel (with avatars) as PNG: a real, non-blank image of the panel.
  mkdirSync(EXPORTS_DIR, { recursive: true });
  const summary = await openTab(page, 'en', 'summary');
  const influential = region(summary, 'en', 'influentialAccounts');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    influential.getByRole('button', { name: 'Export PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('influential-accounts.png');
  const pngPath = `${EXPORTS_DIR}/influential-accounts.png`;
  await download.saveAs(pngPath);
  const png = readPng(readFileSync(pngPath));
  const box = (await influential.boundingBox())!;
  // Drawn at twice the pixels of the panel on screen.
  expect(png.width).toBeGreaterThanOrEqual(Math.floor(box.width * 2) - 2);
  expect(png.height).toBeGreaterThanOrEqual(Math.floor(box.height * 2) - 2);
  expect(png.inked, 'share of the image drawn on').toBeGreaterThan(0.02);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Export all: a zip holding one PNG per panel of every tab (about 40 drawings: give a busy machine time).
  const zipStarted = Date.now();
  const [zipDownload] = await Promise.all([
    page.waitForEvent('download', { timeout: 240_000 }),
    page.getByRole('button', { name: 'Export all (ZIP)' }).click(),
  ]);
  test.info().annotations.push({ type: 'export all', description: `${Date.now() - zipStarted} ms` });
  expect(zipDownload.suggestedFilename()).toMatch(/\.zip$/);
  const zipPath = `${EXPORTS_DIR}/${zipDownload.suggestedFilename()}`;
  await zipDownload.saveAs(zipPath);
  const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
  const names = Object.keys(files);
  expect(names.every((name) => name.endsWith('.png'))).toBe(true);
  expect(names).toHaveLength(panels);
  expect(names).toContain('summary-influential-accounts.png');
  expect(names).toContain('content-wall-top-posts.png');
  for (const name of names) {
    const image = readPng(files[name]!);
    expect(image.width, name).toBeGreaterThan(100);
    expect(image.height, name).toBeGreaterThan(50);
    expect(image.inked, `${name} is drawn on`).toBeGreaterThan(0.005);
  }
  writeFileSync(`${EXPORTS_DIR}/zip-first-panel.png`, files[names[0]!]!);
  writeFileSync(
    `${EXPORTS_DIR}/zip-network.png`,
    files['network-network-of-top-accounts.png'] ?? new Uint8Array(),
  );

  // My Audiences lists it with the size the API saved, which is the size the creator showed.
  const config = await api<AudienceConfig>(page, 'GET', `/api/audience-configs/${configId}/`);
  expect(config.name).toBe(AUDIENCE);
  expect(formatLargeNumber(config.size)).toBe(sizes[3]);
  await page.getByRole('link', { name: 'My Audiences' }).first().click();
  await checkMyAudiences(page, 'en', config);
  await page.getByLabel('Search').fill('nothing like this');
  await expect(page.getByText(tr('en', 'table.noResults'))).toBeVisible();
  await page.getByLabel('Search').fill('');

  // A second audience (the interest alone), then the two compared.
  await api(page, 'POST', '/api/audience-configs/', {
    name: OTHER_AUDIENCE,
    team: TEAM,
    targeting_package: { interests: pkg.interests },
  });
  await page.reload();
  await expect(page.getByRole('link', { name: OTHER_AUDIENCE, exact: true })).toBeVisible();
  await compareAudiences(page, 'en', jobs);

  await otherScreens(page, 'en', handle);

  // Japanese: the same screens.
  await page.goto(`/${TEAM}/account`);
  await page.getByLabel('Language', { exact: true }).click();
  await page.getByRole('option', { name: '日本語' }).click();
  await page.getByRole('button', { name: 'Save language' }).click();
  await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();

  // The creator, step by step, holding the same package ("build an audience from this" link).
  const encoded = Buffer.from(JSON.stringify(pkg)).toString('base64url');
  await page.goto(`/${TEAM}/creator?package=${encoded}`);
  await expect(page.getByRole('heading', { name: tr('ja', 'screens.creator'), level: 1 })).toBeVisible();
  await expectSize(page, sizes[3]!);
  const steps = ['1-people', '2-interests', '3-location', '4-demographics', '5-review'];
  for (const [i, step] of steps.entries()) {
    if (i > 0) await page.getByRole('button', { name: tr('ja', 'stepper.continue') }).click();
    if (step === '5-review') await page.getByLabel(tr('ja', 'creator.review.name')).fill(AUDIENCE);
    await expect(page.getByRole('group', { name: tr('ja', 'creator.selectedItems') }).first()).toBeVisible({
      visible: i < 3,
    });
    await screenshot(page, `creator-${step}-ja`);
  }

  await page.goto(`/${TEAM}/insights?config=${configId}`);
  await expect(page.getByRole('heading', { name: AUDIENCE })).toBeVisible();
  for (const tab of TABS) {
    await checkTab(page, 'ja', tab, report);
    await screenshot(page, `insights-${tab}-ja`);
  }

  await checkMyAudiences(page, 'ja', config);
  await compareAudiences(page, 'ja', jobs);
  await otherScreens(page, 'ja', handle);
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
