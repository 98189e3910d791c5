import { formatLargeNumber } from '@murmur/core/format';
import { expect, type Page } from '@playwright/test';
import type { Api, AudienceConfig, Comparison, JobWatch } from './audience-api';
import { drawingsDone, share } from './insights-screen';
import { tr, type Lang } from './locales';
import { isSignInMail, signInCodeFrom } from './mail';
import { screenshot } from './screens';
import type { SmtpSink } from './smtp-sink';

// The screens of the audience journey: its team, its two audiences, and how each screen is checked.

export const TEAM = 'tokyo-launch';
export const AUDIENCE = 'Anime fans in Japan';
export const OTHER_AUDIENCE = 'Anime and manga fans';

/** Signs in with the code mailed to `email` (read from the sink). */
export async function signIn(page: Page, sink: SmtpSink, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  const mark = sink.mark();
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  const mail = await sink.waitFor(isSignInMail(email), { after: mark });
  await page.getByLabel('Sign-in code').pressSequentially(signInCodeFrom(mail), { delay: 30 });
}

const sizeFigure = (page: Page) => page.getByTestId('audience-size');

/**
 * The creator's panel after Submit, for the audience `name`: found by its title and its link to
 * insights, not by the title alone (in Japanese the save toast's words hold the panel's title).
 */
export function savedPanel(page: Page, lang: Lang, name: string) {
  return page
    .getByRole('status')
    .filter({ hasText: tr(lang, 'creator.saved.title', { name }) })
    .filter({ has: page.getByRole('link', { name: tr(lang, 'creator.openInsights') }) });
}

/** The creator's size panel shows `expected` and has settled (no call pending). */
export async function expectSize(page: Page, expected: string): Promise<void> {
  await expect(sizeFigure(page)).toHaveText(expected, { timeout: 20_000 });
  await expect(page.locator('[aria-labelledby="creator-size-title"]')).toHaveAttribute('aria-busy', 'false');
  await expect(sizeFigure(page)).toHaveText(expected);
}

/** Compares the two audiences from My Audiences and checks the overlap against the job's result. */
export async function compareAudiences(page: Page, lang: Lang, jobs: JobWatch): Promise<void> {
  await page.getByRole('button', { name: tr(lang, 'audiences.actions.label', { name: AUDIENCE }) }).click();
  await page.getByRole('menuitem', { name: tr(lang, 'audiences.actions.compare') }).click();
  const dialog = page.getByRole('dialog', { name: tr(lang, 'audiences.compare.title') });
  await dialog.getByRole('textbox', { name: tr(lang, 'audiences.compare.with', { name: AUDIENCE }) }).click();
  await page.getByRole('option', { name: OTHER_AUDIENCE }).click();
  await dialog.getByRole('button', { name: tr(lang, 'audiences.compare.start'), exact: true }).click();
  const result = (await jobs.finished(/perspective|compar/)).result as Comparison;
  const table = dialog.getByRole('table', { name: tr(lang, 'audiences.compare.overlapTable') });
  const row = (name: string) => table.getByRole('row').filter({ hasText: name }).first();
  // The sizes are shown as population estimates (the same figure as My Audiences), not sample counts.
  await expect(row(AUDIENCE)).toContainText(formatLargeNumber(result.figures.a.value, lang));
  await expect(row(OTHER_AUDIENCE)).toContainText(formatLargeNumber(result.figures.b.value, lang));
  await expect(row(tr(lang, 'audiences.compare.overlap'))).toContainText(
    formatLargeNumber(result.figures.overlap.value, lang),
  );
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
export async function checkMyAudiences(page: Page, lang: Lang, config: AudienceConfig): Promise<void> {
  await page.goto(`/${TEAM}/audiences`);
  await expect(page.getByRole('heading', { name: tr(lang, 'screens.audiences'), level: 1 })).toBeVisible();
  // The heading comes before the list has loaded; allTextContents() does not wait for the table.
  await expect(
    page
      .getByRole('columnheader')
      .filter({ hasText: tr(lang, 'audiences.columns.size') })
      .first(),
  ).toBeVisible();
  const headers = await page.getByRole('columnheader').allTextContents();
  const sizeColumn = headers.findIndex((h) => h.trim().startsWith(tr(lang, 'audiences.columns.size')));
  expect(sizeColumn).toBeGreaterThanOrEqual(0);
  const row = page.getByRole('row').filter({ hasText: AUDIENCE }).filter({ hasNotText: OTHER_AUDIENCE });
  await expect(row.getByRole('link', { name: AUDIENCE, exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(sizeColumn).locator('[data-figure-part="value"]')).toHaveText(
    formatLargeNumber(config.size, lang),
  );
  await screenshot(page, `audiences-${lang}`);
}

/** The other audience screens, each with its data on screen. */
export async function otherScreens(page: Page, api: Api, lang: Lang, handle: string): Promise<void> {
  for (const [path, name, ready] of [
    ['store', 'store', 'store.save'],
    ['interests', 'interests', 'interests.build'],
    // A static index (LIVE_ENABLED off) has no trending community: the cards are on the most searched tab.
    ['communities?tab=most_searched', 'communities', 'communities.build'],
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
    'POST',
    '/api/external/followers-of/',
    { handle },
  );
  await expect(page.getByTestId('explore-size')).toHaveText(
    formatLargeNumber(followers.estimate.population_estimate, lang),
  );
  await screenshot(page, `explore-x-${lang}`);
}

/**
 * Opens a saved audience's "⋯" menu and picks an item. A click in the instant the row's menu code
 * replaces its placeholder button has left the menu shut on a loaded machine: as a person would,
 * this clicks again until the item shows.
 */
export async function pickRowAction(page: Page, rowButton: string, item: string): Promise<void> {
  const entry = page.getByRole('menuitem', { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await page.getByRole('button', { name: rowButton }).click();
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await entry.click();
}
