import { defineConfig } from '@playwright/test';

/** Debian's Chromium; the flags keep it off the (closed) network and quiet in CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Spec files share servers (support/journey-server.ts): the files of a project that run in one
 * worker and ask `useJourneyServer` for the same settings use one server and SMTP sink, started
 * once by that worker (with two workers a project's files may be split between two servers). A new spec file that needs no settings of its own lands in
 * `journeys` and shares its server by itself: it signs in with its own addresses and names its own
 * teams. One that needs other settings goes in `own-settings` (its server is started for it), or in
 * a project of its own with other files of the same settings. One that needs a server nobody else
 * has used passes `{ own: true }`.
 */
const specs = (...names: string[]) => names.map((name) => `**/${name}.spec.ts`);
/** SANDBOX_ACCOUNTS 3000 and staff at example.com. */
const AUDIENCES = specs(
  'audience-journey',
  'figures',
  'handle-analysis',
  'audiences-at-once',
  'insights-pdf',
  'audience-phone',
);
/** Deep Thought with X's 15-minute windows at 30 s, and staff at example.com. */
const DEEP_THOUGHT = specs('accessibility-signed-in', 'premium');
/**
 * The main journeys again on a phone (390 × 844): signing in, a team and its invitations, the team's
 * life, the language switch. (The audience journey's phone version, audience-phone.spec.ts, opens
 * its own 390 px pages in the audiences project, whose server it needs.) (Every route is walked at 390 px in both languages by every-route.spec.ts,
 * and the phone's headers and menus by phone-headers.spec.ts.)
 */
const PHONE = specs('foundation-journey', 'team-lifecycle');
/** Settings (sandbox size, staff domains, creator access, the live path) no other file shares. */
const OWN_SETTINGS = specs('audience-history', 'campaigns', 'extension', 'pro-site');

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/test-results',
  // Once per run: the migrated database every server starts from.
  globalSetup: './support/global-setup.ts',
  // Two spec files at a time (E2E_WORKERS=1 for one). With a trace of every test, two took 45 min
  // on 2026-11-25 against 28 for one: the traces' screencasts kept both cores busy. Without them
  // (2026-11-28, idle machine): two 13.2 min (1 436 s of CPU), one 18.2 min (1 376 s).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  projects: [
    { name: 'journeys', testIgnore: [...AUDIENCES, ...DEEP_THOUGHT, ...OWN_SETTINGS] },
    { name: 'audiences', testMatch: AUDIENCES },
    { name: 'deep-thought', testMatch: DEEP_THOUGHT },
    { name: 'own-settings', testMatch: OWN_SETTINGS },
    { name: 'phone', testMatch: PHONE, use: { viewport: { width: 390, height: 844 } } },
  ],
  timeout: 120_000,
  // 15 s: at load 8–11 (a bench beside the run) screens still loading after 10 s failed three
  // journeys once each (2026-11-28); a passing assertion does not wait for it.
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // A trace only when a failed test runs again (CI retries once; locally, `--trace
    // retain-on-failure` or `--trace on`): recording every test keeps a screencast of every page
    // going, about half the suite's CPU (e2e/README "Measuring").
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
