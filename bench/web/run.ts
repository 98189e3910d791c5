// npm run bench:web [-- --no-build] [-- --no-lighthouse] [-- --dist DIR] [-- --reports DIR] — the first load as the browser
// receives it. Starts the product as `npm start` serves it (server + built web app, a fresh embedded
// database), then:
// 1. bytes on the wire: each flavour's entry page (dashboard /login, pro /, premium /) loaded by Debian's
//    Chromium through Playwright, in English and in Japanese, summing the encoded transfer sizes the
//    browser's network stack reports until the network is idle; and every text asset the browser got
//    without Content-Encoding although it accepts brotli. Target: ≤ 250 kB per flavour's entry.
// 2. Lighthouse (desktop and mobile presets) on the login page, the pro home, the premium home and a
//    signed-in My Audiences: performance ≥ 85 mobile / ≥ 95 desktop, accessibility 100, best
//    practices 100, SEO 100 on the public pages. Mobile scores fall on a busy machine: the load
//    average is recorded beside them.
// Writes bench/results/web.json. A benchmark, not a test: it reports, it does not time-assert.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];
// A loaded shared machine can take minutes to boot the server (BENCH_WEB_START_TIMEOUT, seconds).
const START_TIMEOUT_S = Number(process.env.BENCH_WEB_START_TIMEOUT ?? 150);
const FIRST_LOAD_BUDGET = 250 * 1000; // bytes on the wire: "250 kB"
const TARGETS = {
  mobilePerformance: 0.85,
  desktopPerformance: 0.95,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
};
const log = (line: string) => console.log(line);
const argValue = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};

const dist = resolve(root, argValue('--dist') ?? 'apps/web/dist');
if (!process.argv.includes('--no-build') && argValue('--dist') === undefined) {
  log('building apps/web (vite build) …');
  execFileSync('npm', ['run', 'build', '-w', '@murmur/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

// --- the product -------------------------------------------------------------------------------------
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'murmur-bench-web-'));
let serverLog = '';
// No SMTP_URL: the sign-in mail (and its code) goes to the server log, which the bench reads.
const server: ChildProcess = spawn(
  process.execPath,
  ['--max-semi-space-size=32', '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'info',
      SANDBOX_ACCOUNTS: '2000',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
server.stdout?.on('data', (d: Buffer) => (serverLog += d.toString()));
server.stderr?.on('data', (d: Buffer) => (serverLog += d.toString()));
const stopServer = async () => {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
};
// A bench that dies on the way (Chromium missing, a page that throws) takes its server with it:
// otherwise it stays up, orphaned, holding its port and half a gigabyte.
process.once('exit', () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});
const base = `http://localhost:${port}`;
for (const deadline = Date.now() + START_TIMEOUT_S * 1000; ;) {
  if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${serverLog}`);
  const up = await fetch(`${base}/api/docs/json`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (Date.now() > deadline)
    throw new Error(`The server did not start within ${START_TIMEOUT_S} s:\n${serverLog}`);
  await new Promise((r) => setTimeout(r, 250));
}

// Chromium resolves every *.localhost name to loopback: the flavours' default hosts (src/lib/config.ts).
const ENTRIES = [
  { flavour: 'dashboard', url: `${base}/login` },
  { flavour: 'pro', url: `http://pro.localhost:${port}/` },
  { flavour: 'premium', url: `http://premium.localhost:${port}/` },
] as const;
const LOCALES = { en: 'en-US', ja: 'ja-JP' } as const;
type Lang = keyof typeof LOCALES;

interface WireLoad {
  url: string;
  requests: number;
  transferred: number;
  decoded: number;
  by_type: Record<string, { requests: number; transferred: number }>;
  /** Uncaught errors and console errors of the page: a broken first load measures nothing. */
  errors: string[];
  /** Text responses whose body is over 1 kB that the browser received without Content-Encoding. */
  uncompressed: string[];
}

/** One page load as the browser's network stack sees it (CDP Network events), until idle. */
async function wireLoad(context: BrowserContext, url: string, after?: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, { url: string; type: string; encoding: string; mime: string }>();
  const result: WireLoad = {
    url,
    requests: 0,
    transferred: 0,
    decoded: 0,
    by_type: {},
    errors: [],
    uncompressed: [],
  };
  page.on('pageerror', (error) => result.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') result.errors.push(message.text());
  });
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      type: event.type,
      encoding: headers['content-encoding'] ?? '',
      mime: event.response.mimeType,
    });
  });
  const bodyBytes = new Map<string, number>();
  cdp.on('Network.dataReceived', (event) => {
    result.decoded += event.dataLength;
    bodyBytes.set(event.requestId, (bodyBytes.get(event.requestId) ?? 0) + event.dataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response === undefined) return;
    result.requests += 1;
    result.transferred += event.encodedDataLength;
    const slot = (result.by_type[response.type] ??= { requests: 0, transferred: 0 });
    slot.requests += 1;
    slot.transferred += event.encodedDataLength;
    const text = /javascript|css|html|json|xml|svg|text\//.test(response.mime);
    if (text && response.encoding === '' && (bodyBytes.get(event.requestId) ?? 0) > 1024) {
      result.uncompressed.push(new URL(response.url).pathname);
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The first screen drawn: its title.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => result.errors.push('no <h1> on the page within 30 s'));
  await after?.(page);
  await page.close();
  return result;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
const firstLoads: (WireLoad & { flavour: string; language: Lang; pass: boolean })[] = [];
for (const { flavour, url } of ENTRIES) {
  for (const language of Object.keys(LOCALES) as Lang[]) {
    const context = await browser.newContext({ locale: LOCALES[language] });
    const load = await wireLoad(context, url);
    await context.close();
    firstLoads.push({
      flavour,
      language,
      ...load,
      pass: load.errors.length === 0 && load.transferred <= FIRST_LOAD_BUDGET,
    });
  }
}
await browser.close();

log('');
log(
  `First load on the wire (budget ${kB(FIRST_LOAD_BUDGET)} per flavour's entry; encoded bytes, cache off):`,
);
for (const l of firstLoads) {
  const types = Object.entries(l.by_type)
    .map(([type, v]) => `${type} ${kB(v.transferred)}/${v.requests}`)
    .join(', ');
  log(
    `  ${l.flavour.padEnd(9)} ${l.language}  ${kB(l.transferred).padStart(9)}  ${l.pass ? 'PASS' : 'FAIL'}  ${String(l.requests).padStart(3)} requests (${kB(l.decoded)} decoded; ${types})`,
  );
  if (l.errors.length > 0) log(`      errors: ${l.errors.join(' | ').slice(0, 300)}`);
  if (l.uncompressed.length > 0) {
    const some = l.uncompressed.slice(0, 3).join(', ');
    log(
      `      ${l.uncompressed.length} text responses sent uncompressed: ${some}${l.uncompressed.length > 3 ? ', …' : ''}`,
    );
  }
}

// --- Lighthouse -----------------------------------------------------------------------------------------
interface Scores {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  failing: string[];
}
const lighthouseRuns: { page: string; preset: 'mobile' | 'desktop'; url: string; scores: Scores }[] = [];

if (!process.argv.includes('--no-lighthouse')) {
  const debuggingPort = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'murmur-bench-chromium-'));
  // A persistent context is the browser's default one, which Lighthouse's tabs share: the signed-in
  // page sees the session the bench signed in with.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    locale: 'en-US',
    args: [...CHROMIUM_FLAGS.slice(1), `--remote-debugging-port=${debuggingPort}`],
  });
  const presets = process.argv.includes('--mobile-only')
    ? (['mobile'] as const)
    : (['mobile', 'desktop'] as const);
  const reports = argValue('--reports');
  if (reports) mkdirSync(reports, { recursive: true });
  const audit = async (page: string, url: string, signedIn: boolean) => {
    for (const preset of presets) {
      const flags: Flags = {
        port: debuggingPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // Lighthouse clears the origin's storage (cookies too) before a run: not for the signed-in page.
        disableStorageReset: signedIn,
      };
      const runner = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
      if (runner === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
      const { categories, audits } = runner.lhr;
      // The whole report (what costs the score: metrics, opportunities, the request chains) to read.
      if (reports) {
        const name = `${page.replace(/[^a-z0-9]+/gi, '-')}-${preset}.json`;
        writeFileSync(join(reports, name), JSON.stringify(runner.lhr));
      }
      const score = (id: string) => categories[id]?.score ?? null;
      const failing = Object.values(audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            (a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'metricSavings') &&
            !['performance'].includes(a.id),
        )
        .map((a) => a.id);
      const scores: Scores = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
        tbtMs: audits['total-blocking-time']?.numericValue ?? null,
        failing,
      };
      lighthouseRuns.push({ page, preset, url, scores });
      if (failing.length > 0) log(`      failing audits: ${failing.join(', ')}`);
      log(
        `  ${page.padEnd(26)} ${preset.padEnd(7)} perf ${fmt(scores.performance)}  a11y ${fmt(scores.accessibility)}  best ${fmt(scores.bestPractices)}  SEO ${fmt(scores.seo)}  LCP ${ms(scores.lcpMs)}  TBT ${ms(scores.tbtMs)}  load ${loadavg()[0]!.toFixed(2)}`,
      );
    }
  };

  log('');
  log(
    `Lighthouse 12 (targets: perf mobile ≥ ${TARGETS.mobilePerformance * 100}, desktop ≥ ${TARGETS.desktopPerformance * 100}; a11y, best practices 100; SEO 100 on public pages):`,
  );
  try {
    await audit('dashboard /login', `${base}/login`, false);
    await audit('pro home', `http://pro.localhost:${port}/`, false);
    await audit('premium home', `http://premium.localhost:${port}/`, false);
    try {
      const slug = await signInWithTeam(context);
      await audit('signed-in My Audiences', `${base}/${slug}/audiences`, true);
    } catch (error) {
      // The public pages' figures stand on their own: report the failure and write them.
      console.error('signed-in My Audiences not measured:', error);
      process.exitCode = 1;
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Signs in through the login page with the code from the server's log, and creates a team. */
async function signInWithTeam(context: BrowserContext): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email address').fill(email);
  const before = serverLog.length;
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  let code: string | undefined;
  for (const deadline = Date.now() + 30_000; code === undefined;) {
    code = /sign-in code: ([A-Z0-9]{6})/.exec(serverLog.slice(before))?.[1];
    if (Date.now() > deadline) throw new Error('No sign-in code in the server log.');
    if (code === undefined) await new Promise((r) => setTimeout(r, 200));
  }
  await page.getByLabel('Sign-in code').pressSequentially(code, { delay: 30 });
  await page.waitForURL(/\/welcome/);
  const csrf = (await context.cookies(base)).find((c) => c.name === 'csrftoken')?.value ?? '';
  const team = await page.request.post(`${base}/api/teams/`, {
    data: { name: 'Bench team' },
    headers: { 'X-CSRFToken': csrf },
  });
  if (!team.ok()) throw new Error(`POST /api/teams/ → ${team.status()} ${await team.text()}`);
  const { slug } = (await team.json()) as { slug: string };
  await page.close();
  return slug;
}

function fmt(score: number | null): string {
  return score === null ? '  —' : String(Math.round(score * 100)).padStart(3);
}
function ms(value: number | null): string {
  return value === null ? '—' : `${(value / 1000).toFixed(1)} s`;
}

await stopServer();

const meets = (run: (typeof lighthouseRuns)[number]) => {
  const s = run.scores;
  const perf = run.preset === 'mobile' ? TARGETS.mobilePerformance : TARGETS.desktopPerformance;
  const publicPage = !run.page.startsWith('signed-in');
  return (
    (s.performance ?? 0) >= perf &&
    (s.accessibility ?? 0) >= TARGETS.accessibility &&
    (s.bestPractices ?? 0) >= TARGETS.bestPractices &&
    (!publicPage || (s.seo ?? 0) >= TARGETS.seo)
  );
};
const machine = { cpus: cpus().length, loadavg_end: loadavg() };
log('');
log(
  `machine: ${machine.cpus} cores, load average ${machine.loadavg_end.map((l) => l.toFixed(2)).join(' / ')} (1 / 5 / 15 min)`,
);

const resultsDir = join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const result = {
  date: new Date().toISOString(),
  dist,
  machine,
  targets: { first_load_bytes: FIRST_LOAD_BUDGET, ...TARGETS },
  first_loads: firstLoads,
  first_loads_pass: firstLoads.every((l) => l.pass),
  uncompressed_assets: [...new Set(firstLoads.flatMap((l) => l.uncompressed))],
  lighthouse: lighthouseRuns.map((run) => ({ ...run, meets_targets: meets(run) })),
};
const out = argValue('--out') ?? 'web.json';
writeFileSync(join(resultsDir, out), `${JSON.stringify(result, null, 2)}\n`);
log(`written: bench/results/${out}`);
if (result.uncompressed_assets.length > 0) process.exitCode = 1;
