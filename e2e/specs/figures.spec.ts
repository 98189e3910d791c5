import { formatLargeNumber } from '@murmur/core/format';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiFor, waitForEngine, watchJobs, type AudienceConfig } from '../support/audience-api';
import { signIn } from '../support/audience-screens';
import { signInToPro } from '../support/sign-in';
import { MAIL_FROM, useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { screenshotBothWidths } from '../support/screens';
import { connectAdAccount } from '../support/ad-account';
import { subscribeToPremium } from '../support/premium';

/** A Deep Thought API answer for the page's signed-in X account. */
const dtJson = async <T>(page: Page, path: string): Promise<T> =>
  page.evaluate(async (p) => (await (await fetch(`/api/external/deepthought/${p}/`)).json()) as T, path);

/**
 * One saved audience, the followers of one account, on every screen that shows its size: My
 * Audiences, the creator's size panel, the creator's handle analysis, Explore-X, Compare, the
 * insights summary, the campaign wizard's ad sets and its review, and the campaign detail on the dashboard; the
 * audience builder, the saved lists and the competitor analysis on the pro-targeting site (its own
 * host, signed in by its own magic link). Each must show the same figure — Murmur's estimate — with
 * the same label and the same 95 % interval, in English and Japanese. The account's own follower
 * count is X's figure wherever it shows — the competitor analysis and Deep Thought's dashboard, signed
 * in with X as that account — labelled as X's, with X's number, and so are the account's following and
 * its followers by country there (docs/decisions/006-sampling-model.md).
 */
const app = useJourneyServer({ MAIL_FROM, SANDBOX_ACCOUNTS: '3000', STAFF_EMAIL_DOMAINS: 'example.com' });

const TEAM = 'figures-team';
const OTHER = 'Japanese speakers';

test.beforeAll(() => waitForEngine(app.server.url));

/** The pro-targeting site: the same server under the pro host (SPEC §1: flavours by host name). */
const proUrl = (base: string) => base.replace('://localhost', '://pro.localhost');
/** Deep Thought: the same server under the premium host. */
const premiumUrl = (base: string) => base.replace('://localhost', '://premium.localhost');

/** The creator's `?package=` parameter (base64url JSON, as the web's encodePackage writes it). */
const packageParam = (pkg: unknown): string => Buffer.from(JSON.stringify(pkg)).toString('base64url');

interface Shown {
  value: string;
  interval: string;
}

/** The value and interval a FigureView of kind "estimate" shows inside `scope`. */
async function shownFigure(scope: Locator): Promise<Shown> {
  const figure = scope.locator('[data-figure-kind="estimate"]').first();
  await expect(figure).toBeVisible({ timeout: 20_000 });
  return {
    value: (await figure.locator('[data-figure-part="value"]').innerText()).trim(),
    interval: (await figure.locator('[data-figure-part="interval"]').innerText()).trim(),
  };
}

/** The figure's label where the figure carries it (not in a table, whose column header does). */
async function expectLabel(scope: Locator, lang: Lang): Promise<void> {
  await expect(scope.locator('[data-figure-kind="estimate"] [data-figure-part="label"]').first()).toHaveText(
    tr(lang, 'figures.estimate'),
  );
}

test('one audience shows the same figure, label and interval on every screen, in English and Japanese', async ({
  browser,
}) => {
  // Twelve screens at two widths in two languages: 3.1 min at a load of 24 on the shared 2-core machine.
  test.setTimeout(600_000);
  const context = await browser.newContext({
    baseURL: app.server.url,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const api = apiFor(page, app.server.url);
  const jobs = watchJobs(page);

  await test.step('sign in and create a team', async () => {
    await signIn(page, app.sink, 'aiko@example.com');
    await page
      .getByRole('button', { name: 'Create a team' })
      .or(page.getByRole('link', { name: 'Create a team' }))
      .first()
      .click();
    await page.getByLabel('Team name').fill('Figures Team');
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect(page).toHaveURL(new RegExp(`/${TEAM}/team`));
    await api('POST', '/api/staff/user-groups/', { email: 'aiko@example.com', group: 'Audience_creator' });
  });

  const handle = await test.step('a handle of the network', async () => {
    await page.goto(`/${TEAM}/creator`);
    await page
      .getByRole('textbox', { name: tr('en', 'creator.fields.handles.label'), exact: true })
      .fill('a');
    const suggestion = page.getByRole('option').first();
    await expect(suggestion).toBeVisible();
    const picked = ((await suggestion.getAttribute('aria-label')) ?? '').replace(/^@/, '');
    expect(picked).not.toBe('');
    await page.keyboard.press('Escape');
    return picked;
  });

  const pkg = { handles: [{ handle }] };
  const name = `Followers of @${handle}`;
  const config = await test.step('the audience saved, with its figure', async () => {
    const { id } = await api<{ id: number }>('POST', '/api/audience-configs/', {
      name,
      team: TEAM,
      targeting_package: pkg,
    });
    await api('POST', '/api/audience-configs/', {
      name: OTHER,
      team: TEAM,
      targeting_package: { languages: [{ label: 'Japanese' }] },
    });
    const stored = await api<AudienceConfig>('GET', `/api/audience-configs/${id}/`);
    expect(stored.size_figure.kind).toBe('estimate');
    expect(stored.size_figure.value).toBe(stored.size);
    expect(stored.size_figure.low).toBeLessThanOrEqual(stored.size);
    expect(stored.size_figure.high).toBeGreaterThanOrEqual(stored.size);
    expect(stored.size_figure.high).toBeGreaterThan(stored.size_figure.low);
    return stored;
  });

  // The pro site keeps its own sign-in (a pro token, not the dashboard's cookie): same person, same mail.
  const pro = await context.newPage();
  await test.step('sign in on the pro-targeting site', async () => {
    await signInToPro(app, pro, 'en', 'aiko@example.com', proUrl(app.server.url));
  });

  const campaignId =
    await test.step('an ad account granted to the team, and a draft campaign of the audience', async () => {
      // X connected as the account itself, which Deep Thought then signs in with (X remembers it).
      const { accountId } = await connectAdAccount(page, app.server.url, TEAM, handle);
      const campaign = await api<{ id: number }>('POST', '/api/campaigns/', {
        team: TEAM,
        name: 'Figures week',
        objective: 'ENGAGEMENTS',
        ad_account_id: accountId,
        budget_type: 'daily',
        daily_budget: 50,
      });
      const adset = await api<{ id: number }>('POST', '/api/adsets/', {
        campaign: campaign.id,
        name: 'Followers',
        audience_config: config.id,
        placements: ['homeTimelines'],
      });
      // One ad, so that the wizard's review step can be reached.
      const creative = await api<{ id: number }>('POST', '/api/ad-creatives/', {
        team: TEAM,
        name: 'Figures post',
        text: 'The same figure everywhere.',
      });
      await api('POST', `/api/campaigns/${campaign.id}/ads/`, { adset: adset.id, creative: creative.id });
      return campaign.id;
    });

  // Deep Thought as the account itself (its own host and its own sign-in, with X): what X lists.
  const dt = await context.newPage();
  const xFollowersOf = await test.step('Deep Thought: signed in with X as the account, synced', async () => {
    await dt.goto(`${premiumUrl(app.server.url)}/`);
    await dt.getByRole('button', { name: tr('en', 'deepThought.signInWithX') }).click();
    // X asks again only when it does not remember the account (pre-selected when it does).
    await dt.waitForURL(/\/premium-suite|\/sandbox\/x\/oauth/, { timeout: 20_000 });
    if (dt.url().includes('/sandbox/')) {
      await expect(dt.getByRole('radio', { name: new RegExp(`@${handle} ·`) })).toBeChecked();
      await dt.getByRole('button', { name: 'Authorize app' }).click();
    }
    await expect(dt).toHaveURL(`${premiumUrl(app.server.url)}/premium-suite`, { timeout: 20_000 });
    await expect(dt.getByText(`(@${handle})`)).toBeVisible();
    await dt.getByRole('button', { name: tr('en', 'deepThought.syncNow') }).click();
    await expect
      .poll(() => dtJson<{ job: { state: string } | null }>(dt, 'status').then((s) => s.job?.state), {
        timeout: 90_000,
      })
      .toBe('done');
    // Premium (the payment stand-in), for X statistics' followers by country.
    await subscribeToPremium(dt, app.server.url, premiumUrl(app.server.url));
    return (await dtJson<{ followers: number }>(dt, 'stats')).followers;
  });

  const check = async (lang: Lang) => {
    const expected: Shown = {
      value: formatLargeNumber(config.size_figure.value, lang),
      interval: tr(lang, 'figures.range', {
        low: formatLargeNumber(config.size_figure.low, lang),
        high: formatLargeNumber(config.size_figure.high, lang),
      }),
    };

    await test.step(`${lang}: My Audiences`, async () => {
      await page.goto(`/${TEAM}/audiences`);
      const header = page.getByRole('columnheader').filter({ hasText: tr(lang, 'audiences.columns.size') });
      await expect(header.first()).toBeVisible({ timeout: 20_000 });
      const headers = await page.getByRole('columnheader').allTextContents();
      const column = headers.findIndex((h) => h.trim().startsWith(tr(lang, 'audiences.columns.size')));
      expect(column).toBeGreaterThanOrEqual(0);
      const row = page.getByRole('row').filter({ hasText: name });
      expect(await shownFigure(row.getByRole('cell').nth(column))).toEqual(expected);
      await screenshotBothWidths(page, `figures-audiences-${lang}`);
    });

    await test.step(`${lang}: Compare`, async () => {
      await page.getByRole('button', { name: tr(lang, 'audiences.actions.label', { name }) }).click();
      await page.getByRole('menuitem', { name: tr(lang, 'audiences.actions.compare') }).click();
      const dialog = page.getByRole('dialog', { name: tr(lang, 'audiences.compare.title') });
      await dialog.getByRole('textbox', { name: tr(lang, 'audiences.compare.with', { name }) }).click();
      await page.getByRole('option', { name: OTHER }).click();
      await dialog.getByRole('button', { name: tr(lang, 'audiences.compare.start'), exact: true }).click();
      await jobs.finished(/perspective|compar/);
      const table = dialog.getByRole('table', { name: tr(lang, 'audiences.compare.overlapTable') });
      const row = table.getByRole('row').filter({ hasText: name }).first();
      expect(await shownFigure(row)).toEqual(expected);
      await expectLabel(row, lang);
      await screenshotBothWidths(page, `figures-compare-${lang}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step(`${lang}: the creator's size panel`, async () => {
      await page.goto(`/${TEAM}/creator?package=${packageParam(pkg)}`);
      const panel = page.getByRole('region', { name: tr(lang, 'creator.size.title') });
      await expect(panel).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
      expect(await shownFigure(panel)).toEqual(expected);
      await expectLabel(panel, lang);
      await screenshotBothWidths(page, `figures-creator-${lang}`);
    });

    await test.step(`${lang}: the creator's handle analysis`, async () => {
      await page.getByRole('button', { name: tr(lang, 'creator.analysis.button') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: tr(lang, 'creator.analysis.handle') }).fill(handle);
      await dialog.getByRole('button', { name: tr(lang, 'creator.analysis.analyse') }).click();
      await expect(dialog.getByText(tr(lang, 'creator.analysis.hours'))).toBeVisible({ timeout: 20_000 });
      expect(await shownFigure(dialog)).toEqual(expected);
      await expectLabel(dialog, lang);
      // X's own count beside it is named as X's figure, never as the estimate.
      await expect(dialog.getByText(tr(lang, 'figures.xFollowers'), { exact: false }).first()).toBeVisible();
      await screenshotBothWidths(page, `figures-handle-analysis-${lang}`);
      await page.keyboard.press('Escape');
    });

    await test.step(`${lang}: Explore-X`, async () => {
      await page.goto(`/${TEAM}/explore-x`);
      await page.getByRole('textbox', { name: tr(lang, 'explore.followers.label') }).fill(handle);
      await page.getByRole('button', { name: tr(lang, 'explore.explore') }).click();
      const result = page.getByTestId('explore-size').locator('xpath=../..');
      await expect(page.getByTestId('explore-size')).toBeVisible({ timeout: 20_000 });
      expect(await shownFigure(result)).toEqual(expected);
      await expectLabel(result, lang);
      await screenshotBothWidths(page, `figures-explore-${lang}`);
    });

    await test.step(`${lang}: the insights summary`, async () => {
      await page.goto(`/${TEAM}/insights?config=${config.id}`);
      // The report is computed as a job the first time; the size is the server's estimate figure.
      const size = page.getByTestId('insights-size');
      await expect(size).toBeVisible({ timeout: 60_000 });
      expect(await shownFigure(size)).toEqual(expected);
      await expectLabel(size, lang);
      await screenshotBothWidths(page, `figures-insights-${lang}`);
    });

    await test.step(`${lang}: the campaign wizard's ad sets`, async () => {
      await page.goto(`/${TEAM}/campaigns/new?draft=${campaignId}`);
      await expect(
        page.getByRole('textbox', { name: tr(lang, 'campaigns.fields.name'), exact: true }),
      ).toHaveValue('Figures week');
      await page.getByRole('button', { name: tr(lang, 'stepper.continue') }).click();
      const adset = page.getByTestId('adset').filter({ hasText: 'Followers' });
      expect(await shownFigure(adset)).toEqual(expected);
      await expectLabel(adset, lang);
      await screenshotBothWidths(page, `figures-campaign-wizard-${lang}`);
    });

    await test.step(`${lang}: the campaign wizard's review`, async () => {
      // On from the ad sets: the ads step, then the review.
      await page.getByRole('button', { name: tr(lang, 'stepper.continue') }).click();
      await page.getByRole('button', { name: tr(lang, 'stepper.continue') }).click();
      await expect(
        page.getByRole('heading', { name: tr(lang, 'campaigns.wizard.reviewAdsets') }),
      ).toBeVisible();
      const adset = page.getByTestId('review-adset').filter({ hasText: 'Followers' });
      expect(await shownFigure(adset)).toEqual(expected);
      await expectLabel(adset, lang);
      await screenshotBothWidths(page, `figures-campaign-review-${lang}`);
    });

    await test.step(`${lang}: the campaign detail`, async () => {
      await page.goto(`/${TEAM}/campaigns/${campaignId}`);
      const adset = page.getByTestId('adset-reach').filter({ hasText: 'Followers' });
      expect(await shownFigure(adset)).toEqual(expected);
      await expectLabel(adset, lang);
      await screenshotBothWidths(page, `figures-campaign-detail-${lang}`);
    });

    const xValue = formatLargeNumber(xFollowersOf, lang);
    await test.step(`${lang}: Deep Thought's dashboard (X's figure)`, async () => {
      await dt.goto(`${premiumUrl(app.server.url)}/premium-suite`);
      const followers = dt.getByTestId('dt-followers').locator('[data-figure-kind="x"]');
      await expect(followers.locator('[data-figure-part="label"]')).toHaveText(
        tr(lang, 'figures.xFollowers'),
      );
      await expect(followers.locator('[data-figure-part="value"]')).toHaveText(xValue);
      // The accounts it follows, as X lists them: X's figure too.
      await expect(
        dt.getByTestId('dt-following').locator('[data-figure-kind="x"] [data-figure-part="label"]'),
      ).toHaveText(tr(lang, 'figures.xFollowing'));
      await screenshotBothWidths(dt, `figures-deep-thought-${lang}`);
    });

    await test.step(`${lang}: Deep Thought's followers by country (X's figure)`, async () => {
      await dt.goto(`${premiumUrl(app.server.url)}/premium-suite/xstats`);
      await expect(dt.getByRole('columnheader', { name: tr(lang, 'figures.xFollowers') })).toBeVisible({
        timeout: 20_000,
      });
      const rows = dt.getByTestId('dt-country');
      await expect(rows.first()).toBeVisible();
      // Every country's count is shown as X's figure, and together they are at most X's followers.
      const values = await rows.locator('[data-figure-kind="x"] [data-figure-part="value"]').allInnerTexts();
      expect(values.length).toBe(await rows.count());
      const stats = await dtJson<{ followers: number; countries: { followers: number }[] }>(dt, 'xstats');
      expect(values).toEqual(stats.countries.map((c) => formatLargeNumber(c.followers, lang)));
      expect(stats.followers).toBe(xFollowersOf);
      await screenshotBothWidths(dt, `figures-deep-thought-xstats-${lang}`);
    });

    await test.step(`${lang}: Deep Thought's followers list (X's figures)`, async () => {
      await dt.goto(`${premiumUrl(app.server.url)}/followers`);
      for (const key of ['figures.xFollowers', 'figures.xFollowing', 'figures.xPosts'] as const) {
        await expect(dt.getByRole('columnheader', { name: tr(lang, key) })).toBeVisible({ timeout: 20_000 });
      }
      // Each listed account's three counts are X's figures.
      const first = dt.getByRole('row').nth(1);
      await expect(first.locator('[data-figure-kind="x"]')).toHaveCount(3);
      await screenshotBothWidths(dt, `figures-deep-thought-followers-${lang}`);
    });

    const listName = `${name} (${lang})`;
    await test.step(`${lang}: the pro site's audience builder`, async () => {
      await pro.goto(`${proUrl(app.server.url)}/audience-builder`);
      const followers = pro.getByRole('textbox', { name: tr(lang, 'proSite.builder.followersOf') });
      await followers.fill(handle);
      await followers.press('Enter');
      const figure = pro
        .locator('[data-figure-kind="estimate"]')
        .filter({ has: pro.getByTestId('audience-size') });
      await expect(figure.locator('[data-figure-part="value"]')).toHaveText(expected.value, {
        timeout: 20_000,
      });
      expect(await shownFigure(figure.locator('xpath=..'))).toEqual(expected);
      await expectLabel(figure.locator('xpath=..'), lang);
      await pro.getByLabel(tr(lang, 'proSite.builder.listName')).fill(listName);
      await pro.getByRole('button', { name: tr(lang, 'proSite.builder.save') }).click();
      await expect(pro.getByText(listName).first()).toBeVisible();
      await screenshotBothWidths(pro, `figures-pro-builder-${lang}`);
    });

    await test.step(`${lang}: the pro site's saved lists`, async () => {
      await pro.goto(`${proUrl(app.server.url)}/saved-lists`);
      const row = pro
        .getByRole('row')
        .filter({ has: pro.getByRole('link', { name: listName, exact: true }) });
      expect(await shownFigure(row)).toEqual(expected);
      await screenshotBothWidths(pro, `figures-pro-lists-${lang}`);
    });

    await test.step(`${lang}: the pro site's competitor analysis`, async () => {
      await pro.goto(`${proUrl(app.server.url)}/competitor-analysis`);
      const input = pro.getByRole('textbox', { name: tr(lang, 'proSite.competitors.handles') });
      await input.fill(handle);
      await input.press('Enter');
      await pro.getByRole('button', { name: tr(lang, 'proSite.competitors.analyse') }).click();
      const row = pro.getByRole('row').filter({ hasText: `@${handle}` });
      // Murmur's estimate of the followers, beside X's own follower count (named as X's figure).
      expect(await shownFigure(row)).toEqual(expected);
      // The same number X lists for the account in Deep Thought.
      await expect(row.locator('[data-figure-kind="x"] [data-figure-part="value"]').first()).toHaveText(
        xValue,
      );
      await screenshotBothWidths(pro, `figures-pro-competitors-${lang}`);
    });
  };

  await check('en');

  await test.step('switch to Japanese', async () => {
    await page.goto(`/${TEAM}/account`);
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: '日本語' }).click();
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
  });

  await test.step('switch the pro site to Japanese (its own header menu: each site keeps its choice)', async () => {
    await pro.goto(`${proUrl(app.server.url)}/`);
    await pro.getByRole('button', { name: tr('en', 'header.languageMenu', { language: 'English' }) }).click();
    await pro.getByRole('menuitem', { name: '日本語' }).click();
    await expect(
      pro.getByRole('button', { name: tr('ja', 'header.languageMenu', { language: '日本語' }) }),
    ).toBeVisible();
  });

  await test.step('switch Deep Thought to Japanese (its own header menu)', async () => {
    await dt.goto(`${premiumUrl(app.server.url)}/premium-suite`);
    await dt.getByRole('button', { name: tr('en', 'header.languageMenu', { language: 'English' }) }).click();
    await dt.getByRole('menuitem', { name: '日本語' }).click();
    await expect(
      dt.getByRole('button', { name: tr('ja', 'header.languageMenu', { language: '日本語' }) }),
    ).toBeVisible();
  });

  await check('ja');
  await context.close();
});
