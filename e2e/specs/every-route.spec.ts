import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiFor, waitForEngine } from '../support/audience-api';
import { useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { KEEP_SCREENSHOTS, SCREENS_DIR } from '../support/screens';
import { signInToPro, signInWithCode } from '../support/sign-in';

/**
 * Every SPEC §2 route of the three flavours (dashboard, pro-targeting site, premium suite), signed out
 * and signed in, in English and Japanese, at 1280 and 390 px: each is a fresh load that must leave no
 * console error and no page error, and at 390 px no sideways scroll, of the page or of a table inside
 * its card. Each route is seen twice per state (signed out: EN at 1280, JA at 390; signed in: JA at
 * 1280, EN at 390), so every route meets both languages and both widths; a screenshot of each visit
 * is kept (every-route-*). Problems are gathered over the whole walk and reported together.
 */
const app = useJourneyServer();
// Each walk takes 2–4 min on the CI machine; at load 11 the signed-in one took over 5.
test.describe.configure({ timeout: 480_000 });

type Flavour = 'dashboard' | 'pro' | 'premium';
type Pass = { lang: Lang; width: 1280 | 390 };

const PRO_ROUTES = [
  '/',
  '/saved-lists',
  '/campaigns/new',
  '/targeting-lists',
  '/explore',
  '/xstats',
  '/xstats/JP',
  '/audience-builder',
  '/competitor-analysis',
  '/marketing-materials',
  '/about',
  '/pro-targeting',
  '/pro-solutions',
  '/pro-community',
  '/request-audience',
  '/request-download/Slide%20Deck',
  '/request-access',
  '/request-confirmation',
  '/request-verification',
  '/job-title',
];

const PREMIUM_ROUTES = [
  '/',
  '/authenticated',
  '/premium',
  '/premium-suite',
  '/premium-suite/topics',
  '/premium-suite/following-topics',
  '/premium-suite/unfollowed',
  '/premium-suite/talk-to-x',
  '/premium-suite/xstats',
  '/premium-suite/accounts',
  '/followers',
  '/following',
  '/posts',
  '/post/1234567890',
  '/engagers',
  '/lists',
  '/create-subscription/success',
  '/create-subscription/cancel',
  '/switch-account',
  '/no/such/page',
];

const DASHBOARD_SIGNED_OUT = [
  '/login',
  '/welcome',
  '/choose-team',
  '/helper-documents',
  '/audiences',
  '/store',
  '/no-such-team/invite-accept',
  '/no/such/page',
];

const dashboardSignedIn = (team: string) => [
  '/welcome',
  '/choose-team',
  '/helper-documents',
  '/audiences',
  '/store',
  `/${team}/`,
  ...[
    'account',
    'team',
    'team/audit',
    'team/api',
    'campaigns',
    'campaigns/new',
    'creatives',
    'media',
    'guides',
    'user-manual',
    'help',
    'activity',
    'agency',
    'organisation',
    'creator',
    'explore-x',
    'audiences',
    'audiences/overlap',
    'communities',
    'interests',
    'store',
    'insights',
    'lookalikes',
  ].map((child) => `/${team}/${child}`),
];

const hostOf = (flavour: Flavour) =>
  flavour === 'dashboard'
    ? app.server.url
    : app.server.url.replace('://localhost', `://${flavour === 'pro' ? 'pro' : 'premium'}.localhost`);

/** What a walk found wrong, one line each (route, pass and what). */
type Problems = string[];

/** Requests in flight, to let a screen's calls finish (and fail loudly) before the next route. */
function watchPage(page: Page, problems: Problems, where: () => string) {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  page.on('console', (message) => {
    // The one 4xx a screen must ask for: an invitation to a team that does not exist is known by
    // SPEC §7's "GET /api/teaminfo/{slug}/ (404 means none)".
    if (message.location().url.includes('/api/teaminfo/no-such-team/')) return;
    if (message.type() === 'error')
      problems.push(`${where()}: console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`${where()}: page error: ${error.message}`));
  return {
    /** Until no request is in flight (an event stream never ends: at most 2 s). */
    quiet: () =>
      expect
        .poll(() => inFlight <= 0, { timeout: 2_000, intervals: [50, 50, 100] })
        .toBe(true)
        .catch(() => undefined),
  };
}

/** A page of the walk: what it found, and where it is (a message names the route it came from). */
interface Walker {
  page: Page;
  at: { route: string };
  quiet: () => Promise<void>;
}

function walker(page: Page, problems: Problems): Walker {
  const at = { route: '' };
  const { quiet } = watchPage(page, problems, () => at.route);
  return { page, at, quiet };
}

async function walk(
  { page, at, quiet }: Walker,
  flavour: Flavour,
  routes: string[],
  pass: Pass,
  state: string,
  problems: Problems,
) {
  await page.setViewportSize({ width: pass.width, height: pass.width === 390 ? 844 : 800 });
  for (const route of routes) {
    const current = `${flavour} ${state} ${pass.lang} ${pass.width} ${route}`;
    at.route = current;
    await page.goto(`${hostOf(flavour)}${route}`);
    // A screen's heading, or the alert a screen shows in its place (an unusable invitation).
    const drawn = await page
      .locator('h1, [role="alert"]')
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (!drawn) problems.push(`${current}: no heading drawn within 15 s`);
    await quiet();
    if (pass.width === 390) {
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (sideways > 1) problems.push(`${current}: scrolls sideways by ${sideways} px`);
      // Nor a table inside its card: every box holding a table shows all of it (a table stacks its
      // rows on a phone instead).
      const tablesScrolling = await page.evaluate(() =>
        [...document.querySelectorAll('main table')].flatMap((table) => {
          const box = table.parentElement;
          return box && box.scrollWidth > box.clientWidth + 1
            ? [`${table.getAttribute('aria-label') ?? 'table'} (${box.scrollWidth - box.clientWidth} px)`]
            : [];
        }),
      );
      for (const table of tablesScrolling) problems.push(`${current}: a table scrolls sideways: ${table}`);
    }
    const name = `every-route-${flavour}-${state}-${pass.lang}-${pass.width}-${route.replace(/[^a-z0-9]+/gi, '_')}`;
    if (KEEP_SCREENSHOTS) await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
  }
}

async function newContext(browser: Browser, lang: Lang): Promise<BrowserContext> {
  return browser.newContext({ locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
}

test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

test('every route signed out: no console error, no sideways scroll on a phone (EN 1280, JA 390)', async ({
  browser,
}) => {
  await waitForEngine(app.server.url);
  const problems: Problems = [];
  // The two passes side by side (each in its own browser context): the walk takes half as long.
  await Promise.all(
    (
      [
        { lang: 'en', width: 1280 },
        { lang: 'ja', width: 390 },
      ] as const
    ).map(async (pass) => {
      const context = await newContext(browser, pass.lang);
      const w = walker(await context.newPage(), problems);
      await walk(w, 'dashboard', DASHBOARD_SIGNED_OUT, pass, 'out', problems);
      await walk(w, 'pro', PRO_ROUTES, pass, 'out', problems);
      await walk(w, 'premium', PREMIUM_ROUTES, pass, 'out', problems);
      await context.close();
    }),
  );
  expect(problems).toEqual([]);
});

/** Signs in on the pro site with its own mailed code. */
async function signInPro(page: Page, lang: Lang, email: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToPro(app, page, lang, email, hostOf('pro'));
}

/** A sandbox person no other journey of this server signs in as (by position in the export). */
async function sandboxPerson(index: number): Promise<{ id: string; handle: string }> {
  const text = await (await fetch(`${app.server.url}/sandbox/export`)).text();
  const people: { id: string; handle: string }[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('"account"')) continue;
    const record = JSON.parse(line) as { type: string; kind: string; id: string; handle: string };
    if (record.type === 'account' && record.kind === 'person') people.push(record);
    if (people.length > index) break;
  }
  return people[index]!;
}

/** Signs in to the premium suite with X on the sandbox's authorisation page. */
async function signInPremium(page: Page, lang: Lang, person: { id: string; handle: string }) {
  await page.goto(hostOf('premium'));
  await page.getByRole('button', { name: tr(lang, 'deepThought.signInWithX') }).click();
  await expect(page).toHaveURL(/\/sandbox\/x\/oauth\/authenticate/);
  await page.getByLabel('Find a sandbox account by handle').fill(person.handle);
  await page.getByLabel('Find a sandbox account by handle').press('Enter');
  await page.locator(`input[name="account"][value="${person.id}"]`).check();
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await expect(page).toHaveURL(`${hostOf('premium')}/premium-suite`, { timeout: 20_000 });
}

/** The user X's sign-in made saves the pass's language (the premium host's own cookies). */
async function savePremiumLanguage(page: Page, lang: Lang) {
  const saved = await page.evaluate(async (language) => {
    const csrf = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch('/api/user/me/', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'X-CSRFToken': csrf },
      body: JSON.stringify({ language }),
    });
    return response.status;
  }, lang);
  expect(saved).toBe(200);
}

test('every route signed in: no console error, no sideways scroll on a phone (JA 1280, EN 390)', async ({
  browser,
}) => {
  await waitForEngine(app.server.url);
  const problems: Problems = [];
  await Promise.all(
    (
      [
        { lang: 'ja', width: 1280 },
        { lang: 'en', width: 390 },
      ] as const
    ).map(async (pass, n) => {
      const context = await newContext(browser, pass.lang);
      const page = await context.newPage();
      const w = walker(page, problems);
      const email = `every-route-${pass.lang}@example.com`;
      await signInWithCode(app, page, pass.lang, email);
      const api = apiFor(page, app.server.url);
      await api('PUT', '/api/user/me/', { language: pass.lang });
      const team = await api<{ slug: string }>('POST', '/api/teams/', { name: `Every route ${pass.lang}` });
      await walk(w, 'dashboard', dashboardSignedIn(team.slug), pass, 'in', problems);
      await signInPro(page, pass.lang, email);
      await walk(w, 'pro', PRO_ROUTES, pass, 'in', problems);
      await signInPremium(page, pass.lang, await sandboxPerson(40 + n));
      await savePremiumLanguage(page, pass.lang);
      await walk(w, 'premium', PREMIUM_ROUTES, pass, 'in', problems);
      await context.close();
    }),
  );
  expect(problems).toEqual([]);
});
