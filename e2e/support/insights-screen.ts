import { countryByCode } from '@murmur/core/countries';
import { formatLargeNumber, formatPercent } from '@murmur/core/format';
import { catalogueName, communityDisplayName } from '@murmur/core/targeting';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Insights } from './audience-api';
import { tr, type Lang } from './locales';

/** A fraction as the screens show a share. */
export const share = (fraction: number) => formatPercent(fraction, { fromFraction: true });

/** Every lazily drawn picture (map, graph, cloud) of the open screen has drawn. */
export async function drawingsDone(page: Page): Promise<void> {
  await expect(page.locator('[data-panel-pending]')).toHaveCount(0, { timeout: 30_000 });
}

export const TABS = [
  'summary',
  'demographics',
  'conversation',
  'jobTitles',
  'network',
  'topicAnalysis',
  'contentWall',
] as const;
export type Tab = (typeof TABS)[number];

const tabName = (lang: Lang, tab: Tab) => tr(lang, `insights.tabs.${tab}`);

/** Opens a tab of the insights screen (under "More" when it does not fit) and returns its panel. */
export async function openTab(page: Page, lang: Lang, tab: Tab): Promise<Locator> {
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
export const region = (panel: Locator, lang: Lang, key: string) =>
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

/**
 * Each tab of the insights screen shows the figures of the report the API computed. Returns how many
 * exportable panels the tab has.
 */
export async function checkTab(page: Page, lang: Lang, tab: Tab, report: Insights): Promise<number> {
  const panel = await openTab(page, lang, tab);
  if (tab === 'summary') {
    const size = region(panel, lang, 'keyFigures');
    await expect(size).toContainText(
      formatLargeNumber(report.summary?.populationEstimate ?? report.estimate.population_estimate, lang),
    );
    await expect(size).toContainText(report.summary?.sizeBucket ?? report.estimate.size_bucket);
    const interests = report.interests?.distinctive.length
      ? report.interests.distinctive
      : report.interests?.interests;
    const interest = top(interests, 'top interest');
    await expectShareRow(
      region(panel, lang, 'topInterests'),
      catalogueName('interests', interest.label, lang),
      interest.share,
    );
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
    // Catalogue values in the interface language (core's Japanese names on Japanese screens).
    const interest = top(report.interests?.interests, 'interest');
    await expectShareRow(
      region(panel, lang, 'interests'),
      catalogueName('interests', interest.label, lang),
      interest.share,
    );
    const topic = report.conversationTopics?.topics[0];
    if (topic !== undefined)
      await expectShareRow(
        region(panel, lang, 'conversationTopics'),
        catalogueName('conversations', topic.label, lang),
        topic.share,
      );
    const title = report.conversationTopics?.moviesTv[0];
    if (title !== undefined)
      await expectShareRow(
        region(panel, lang, 'moviesTv'),
        catalogueName('movies_and_tv_shows', title.label, lang),
        title.share,
      );
  } else if (tab === 'jobTitles') {
    const category = top(report.jobTitles?.categories, 'job category');
    await expectShareRow(
      region(panel, lang, 'jobCategories'),
      catalogueName('job_categories', category.label, lang),
      category.share,
    );
  } else if (tab === 'network') {
    const community = top(report.communities?.communities, 'community');
    await expect(region(panel, lang, 'communities')).toContainText(
      communityDisplayName(
        {
          name: community.name,
          interests: community.interests.map((i) => i.label),
          words: community.words.map((w) => w.label),
        },
        lang,
      ),
    );
    const account = top(report.influentialAccounts?.distinctive, 'distinctive account');
    await expect(region(panel, lang, 'distinctiveAccounts')).toContainText(`@${account.handle}`);
  } else if (tab === 'topicAnalysis') {
    const hashtags = region(panel, lang, 'hashtags');
    const hashtag = report.topicAnalysis?.hashtags[0];
    if (hashtag) await expectShareRow(hashtags, hashtag.label, hashtag.share);
    else {
      // No hashtag reaches the minimum support in this audience: the panel is empty and says so.
      await expect(hashtags).toContainText(tr(lang, 'insights.emptyPanel'));
      await expect(hashtags.getByTestId('panel-support')).toBeVisible();
    }
  } else {
    const wall = region(panel, lang, 'contentWall');
    const post = report.contentWall?.posts[0];
    // No post of the audience has the minimum engagement: the wall is empty and says so.
    if (!post) {
      await expect(wall).toContainText(tr(lang, 'insights.emptyPanel'));
      return panel.locator('[data-export-panel]').count();
    }
    const first = wall.getByRole('listitem').first();
    await expect(first).toContainText(`@${post.author.handle}`);
    // The first line of the text is enough to know the post (the rest wraps as it likes).
    const line = post.text.split('\n')[0]!.trim().slice(0, 60);
    await expect(first).toContainText(line === '' ? tr(lang, 'insights.postTextUnavailable') : line);
  }
  return panel.locator('[data-export-panel]').count();
}
