import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import type { AudienceChanges, EngineStatus, MembershipChanges } from '@murmur/core/api';
import { formatDate, formatLargeNumber } from '@murmur/core/format';
import { apiFor, waitForEngine, type AudienceConfig } from '../support/audience-api';
import { signIn } from '../support/audience-screens';
import { useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { sentTo } from '../support/mail';
import { KEEP_SCREENSHOTS, SCREENS_DIR, screenshot } from '../support/screens';
import { createTeamFromWelcome } from '../support/sign-in';

/**
 * A saved audience over time (docs/API-AUDIENCES.md "History"): its insights show its first point
 * with its interval; an alert rule with a webhook is added, and "Send test event" reaches a receiver
 * here that checks the signature as an advertiser's would, and the mailbox. Then simulated days pass
 * in the sandbox (its POST /simulate/advance, as a user of the sandbox moves its clock), the live
 * path streams them into the live index, and each history point is the day the index has reached:
 * the chart grows, "what changed" compares two days, and the rule fires a real alert by mail and by
 * signed webhook. In English and Japanese, at the desktop and the phone width.
 *
 * The live path on, the sandbox's clock still (it moves only when the journey advances it); the
 * sandbox is the journeys' usual 2 000-account network anchored at 2026-08-01, so every run sees the
 * same simulated weeks.
 */
const app = useJourneyServer({ LIVE_ENABLED: 'true', SANDBOX_CLOCK_SPEED: '0' });
const TEAM = 'history-team';
const EMAIL = 'hana.history@example.com';

interface Hook {
  body: string;
  signature: string;
}
let receiver: Server;
let receiverUrl: string;
const hooks: Hook[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      hooks.push({ body, signature: String(req.headers['murmur-signature'] ?? '') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/murmur`;
  await waitForEngine(app.server.url);
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** The receiver's check: `t=…,v1=…` is the HMAC-SHA256 of "<t>.<body>" with the rule's secret. */
function signedWith(hook: Hook, secret: string): boolean {
  const parts = Object.fromEntries(hook.signature.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${hook.body}`).digest('hex');
  return (
    parts.v1 !== undefined &&
    parts.v1.length === expected.length &&
    timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected))
  );
}

/**
 * The live index has applied everything the sandbox streamed and reached `day` (UTC) of X's (here
 * the simulated) clock, as GET /api/engine/status/ reports it: every partition without events waiting
 * and its latest event time unchanged over three looks (the collector has nothing more in hand).
 */
async function caughtUpTo(day: string): Promise<void> {
  let last = -1;
  let still = 0;
  await expect
    .poll(
      async () => {
        const status = (await (await fetch(`${app.server.url}/api/engine/status/`)).json()) as EngineStatus;
        const reached = Math.max(0, ...status.partitions.map((p) => p.lastEventAt ?? 0));
        const applied = status.partitions.length > 0 && status.partitions.every((p) => p.lagEvents === 0);
        still = applied && reached === last ? still + 1 : 0;
        last = reached;
        return still >= 3 && reached > 0 && new Date(reached).toISOString().slice(0, 10) >= day;
      },
      { timeout: 60_000, intervals: [300] },
    )
    .toBe(true);
}

/**
 * The page, and the history card alone (it sits below a long report), at 1280 and 390 px. The card
 * is captured in a window as tall as the page, as `screenshot` captures pages: a capture of an
 * element taller than the window stitches the sticky header into its middle.
 */
async function both(page: Page, name: string): Promise<void> {
  const card = page.getByTestId('history-card');
  const viewport = page.viewportSize()!;
  const capture = async (width: number, height: number) => {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}`);
    const tall = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.max(height, tall) });
    if (KEEP_SCREENSHOTS) await card.screenshot({ path: `${SCREENS_DIR}/${name}-card-${width}.png` });
  };
  await capture(1280, viewport.height);
  await capture(390, 844);
  await page.setViewportSize(viewport);
}

test('a saved audience over time: days pass, what changed, and a real alert by mail and signed webhook', async ({
  browser,
}) => {
  // Two simulated advances, each streamed into the live index and measured: ~40 s more than the
  // first point alone on an idle machine; the default 120 s is short on a loaded one.
  test.setTimeout(180_000);
  const page = await browser.newPage({ baseURL: app.server.url });
  const api = apiFor(page, app.server.url);
  /** The sandbox's clock moves as its users move it: POST /sandbox/simulate/advance {hours}. */
  const advance = async (hours: number): Promise<string> => {
    const res = await page.request.post(`${app.server.url}/sandbox/simulate/advance`, { data: { hours } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { now: string }).now.slice(0, 10);
  };

  // The collector's first connection replays X's last 5 minutes (backfill): the index has reached
  // the sandbox's last evening before the anchor, and that is the first point's day.
  await caughtUpTo('2026-07-31');

  await test.step('sign in, create a team and save an audience', async () => {
    await signIn(page, app.sink, EMAIL);
    await createTeamFromWelcome(page, 'History Team', TEAM);
  });
  // People whose posts say "good": a keyword audience grows as the sandbox's people post, so over two
  // simulated weeks it grows by more than 20 % beyond the sampling noise (p ≈ 0.005 on this network;
  // a language audience barely moves in weeks, see the size test in history.service.ts).
  const saved = await api<AudienceConfig>('POST', '/api/audience-configs/', {
    name: 'Good news',
    team: TEAM,
    targeting_package: { keywords: [{ label: 'good' }] },
  });

  const card = page.getByTestId('history-card');
  const open = async (lang: Lang) => {
    await page.goto(`/${TEAM}/insights?config=${saved.id}`);
    await expect(card.getByRole('heading', { name: tr(lang, 'history.title') })).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByTestId('history-chart')).toBeVisible();
  };
  // One mark (a dot on its interval bar) per day in the chart.
  // A day as the screens name it (history-chart.tsx dayLabel).
  const label = (day: string) => formatDate(`${day}T00:00:00Z`, 'en', { timeZone: 'UTC' });
  const dayRows = () => card.getByTestId('history-chart').locator('g');

  await test.step('the first point, with its interval', async () => {
    await open('en');
    await expect(card.getByText(tr('en', 'history.onePoint'))).toBeVisible();
    // The point is the saved audience's estimate, labelled so, with its interval.
    await expect(card.locator('[data-figure-kind="estimate"] [data-figure-part="label"]')).toHaveText(
      tr('en', 'figures.estimate'),
    );
    await both(page, 'history-card-en');
  });

  const secret = await test.step('add a size alert with a webhook and send a test event', async () => {
    // Mantine's segmented control hides its radios; the label is what a person clicks.
    await card.locator('.mantine-SegmentedControl-root').getByText('Size', { exact: true }).click();
    await card.getByRole('textbox', { name: 'Change of at least (%)' }).fill('20');
    await card.getByRole('textbox', { name: /Webhook address/ }).fill(receiverUrl);
    await card.getByRole('button', { name: 'Add alert' }).click();
    const rule = card.getByTestId('alert-rule');
    await expect(rule.getByText('Size changes by 20 % or more')).toBeVisible();
    const shownSecret = (await rule.locator('code').innerText()).trim();
    expect(shownSecret).toMatch(/^whsec_/);
    const mark = app.sink.mark();
    await rule.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByTestId('alert-deliveries').getByText('Delivered').first()).toBeVisible();
    const mail = await app.sink.waitFor(sentTo(EMAIL), { after: mark });
    expect(mail.subject).toBe('Test alert for “Good news”');
    await both(page, 'history-alerts-en');
    return shownSecret;
  });

  await test.step('the receiver got the test event, signed with the rule’s secret', () => {
    expect(hooks).toHaveLength(1);
    expect(signedWith(hooks[0]!, secret)).toBe(true);
    expect(signedWith(hooks[0]!, 'whsec_someone-else')).toBe(false);
    expect(JSON.parse(hooks[0]!.body)).toMatchObject({
      type: 'test',
      audience: { id: saved.id, name: 'Good news' },
    });
  });

  const mark = app.sink.mark();
  const [first, second, third] =
    await test.step('simulated days pass: a point per day the index reached', async () => {
      const first = (
        await api<{ points: { day: string }[] }>('GET', `/api/audience-configs/${saved.id}/history/`)
      ).points[0]!.day;
      // A day and a quarter: the next simulated day, a day after the first.
      const second = await advance(30);
      await caughtUpTo(second);
      await open('en');
      // The point is measured when the history is asked for: the chart waits for it.
      await expect(dayRows()).toHaveCount(2, { timeout: 30_000 });
      // Two simulated weeks more.
      const third = await advance(24 * 14);
      await caughtUpTo(third);
      await open('en');
      await expect(dayRows()).toHaveCount(3, { timeout: 30_000 });
      return [first, second, third];
    });
  expect([first, second, third]).toEqual(['2026-07-31', '2026-08-02', '2026-08-16']);

  await test.step('what changed between two days: the size, the panels that moved, who joined and left', async () => {
    await card.getByRole('textbox', { name: 'From' }).click();
    await page.getByRole('option', { name: label(second) }).click();
    await expect(card.getByRole('textbox', { name: 'To' })).toHaveValue(label(third));
    const diff = await api<AudienceChanges>(
      'GET',
      `/api/audience-configs/${saved.id}/history/changes/?from=${second}&to=${third}`,
    );
    const members = await api<MembershipChanges>(
      'GET',
      `/api/audience-configs/${saved.id}/history/members/?from=${second}&to=${third}`,
    );
    expect(diff.size.significant).toBe(true);
    expect(diff.size.change!).toBeGreaterThanOrEqual(0.2);
    await expect(card.getByTestId('history-size-change')).toContainText(tr('en', 'history.beyondNoise'));
    // The table lists what the comparison found (none is a valid answer, then the "none" line).
    if (diff.moved.length > 0) {
      await expect(card.getByTestId('history-changes').locator('tbody tr')).toHaveCount(diff.moved.length);
    } else {
      await expect(card.getByText(tr('en', 'history.noChanges', { tested: diff.tested }))).toBeVisible();
    }
    // Recorded for both days (null: a day measured before memberships were kept, or over the cap).
    expect(members.joined).not.toBeNull();
    expect(members.joined!.count.value).toBeGreaterThan(0);
    await expect(card.getByTestId('members-joined-count')).toContainText(
      formatLargeNumber(members.joined!.count.value),
    );
    await expect(card.getByTestId('members-left-count')).toContainText(
      formatLargeNumber(members.left!.count.value),
    );
    await both(page, 'history-changed-en');
  });

  await test.step('the rule fired on the new point: a real alert by mail and at the receiver, signed', async () => {
    const mail = await app.sink.waitFor((m) => sentTo(EMAIL)(m) && m.subject === '“Good news” changed', {
      after: mark,
      timeoutMs: 30_000,
    });
    expect(mail.text).toContain('Size: ');
    await expect.poll(() => hooks.length, { timeout: 30_000 }).toBe(2);
    const hook = hooks[1]!;
    expect(signedWith(hook, secret)).toBe(true);
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'audience.changed',
      audience: { id: saved.id, name: 'Good news' },
      alert: { kind: 'size', threshold: 20 },
      from: { day: second },
      to: { day: third },
    });
    // Without a reload: the card asked for the rules again once the new point came.
    const rule = card.getByTestId('alert-rule');
    await expect(rule.getByText(`Last alerted for ${label(third)}`)).toBeVisible({ timeout: 30_000 });
    await rule.getByRole('button', { name: 'Delivery log' }).click();
    // By mail and by webhook, both delivered.
    const changed = card
      .getByTestId('alert-deliveries')
      .getByRole('row')
      .filter({ hasText: 'Audience changed' });
    await expect(changed).toHaveCount(2);
    await expect(changed.filter({ hasText: 'Delivered' })).toHaveCount(2);
    await both(page, 'history-alerted-en');
  });

  await test.step('switch to Japanese', async () => {
    await page.goto(`/${TEAM}/account`);
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: '日本語' }).click();
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
  });

  await open('ja');
  await expect(dayRows()).toHaveCount(3);
  await expect(card.getByTestId('history-size-change')).toContainText(tr('ja', 'history.beyondNoise'));
  await expect(
    card.getByTestId('alert-rule').getByText(tr('ja', 'alerts.ruleSize', { threshold: 20 })),
  ).toBeVisible();
  await both(page, 'history-changed-ja');
});
