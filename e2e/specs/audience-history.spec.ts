import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiFor, waitForEngine, type AudienceConfig } from '../support/audience-api';
import { signIn } from '../support/audience-screens';
import { useJourneyServer } from '../support/journey-server';
import { tr, type Lang } from '../support/locales';
import { sentTo } from '../support/mail';
import { SCREENS_DIR, screenshot } from '../support/screens';

/**
 * A saved audience over time (docs/API-AUDIENCES.md "History"): its insights show today's point with
 * its interval; an alert rule with a webhook is added, and "Send test event" reaches a receiver here
 * that checks the signature as an advertiser's would, and the mailbox. In English and Japanese, at
 * the desktop and the phone width.
 */
const app = useJourneyServer();
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

/** The page, and the history card alone (it sits below a long report), at 1280 and 390 px. */
async function both(page: Page, name: string): Promise<void> {
  const card = page.getByTestId('history-card');
  await screenshot(page, `${name}-1280`);
  await card.screenshot({ path: `${SCREENS_DIR}/${name}-card-1280.png` });
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await card.screenshot({ path: `${SCREENS_DIR}/${name}-card-390.png` });
  await page.setViewportSize(viewport);
}

test('a saved audience over time: its first point, an alert and a signed test event', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: app.server.url });
  const api = apiFor(page, app.server.url);

  await test.step('sign in, create a team and save an audience', async () => {
    await signIn(page, app.sink, EMAIL);
    await page
      .getByRole('button', { name: 'Create a team' })
      .or(page.getByRole('link', { name: 'Create a team' }))
      .first()
      .click();
    await page.getByLabel('Team name').fill('History Team');
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect(page).toHaveURL(new RegExp(`/${TEAM}/team`));
  });
  const saved = await api<AudienceConfig>('POST', '/api/audience-configs/', {
    name: 'English speakers',
    team: TEAM,
    targeting_package: { languages: [{ label: 'English' }] },
  });

  const card = page.getByTestId('history-card');
  const check = async (lang: Lang) => {
    await page.goto(`/${TEAM}/insights?config=${saved.id}`);
    await expect(card.getByRole('heading', { name: tr(lang, 'history.title') })).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByTestId('history-chart')).toBeVisible();
    await expect(card.getByText(tr(lang, 'history.onePoint'))).toBeVisible();
    // Today's point is the saved audience's estimate, labelled so, with its interval.
    await expect(card.locator('[data-figure-kind="estimate"] [data-figure-part="label"]')).toHaveText(
      tr(lang, 'figures.estimate'),
    );
    await both(page, `history-card-${lang}`);
  };

  await check('en');

  const secret = await test.step('add an alert with a webhook and send a test event', async () => {
    // Mantine's segmented control hides its radios; the label is what a person clicks.
    await card.locator('.mantine-SegmentedControl-root').getByText('A panel value', { exact: true }).click();
    await card.getByRole('textbox', { name: /Webhook address/ }).fill(receiverUrl);
    await card.getByRole('button', { name: 'Add alert' }).click();
    const rule = card.getByTestId('alert-rule');
    await expect(rule.getByText('A panel value moves by 10 points or more')).toBeVisible();
    const shownSecret = (await rule.locator('code').innerText()).trim();
    expect(shownSecret).toMatch(/^whsec_/);
    const mark = app.sink.mark();
    await rule.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByTestId('alert-deliveries').getByText('Delivered').first()).toBeVisible();
    const mail = await app.sink.waitFor(sentTo(EMAIL), { after: mark });
    expect(mail.subject).toBe('Test alert for “English speakers”');
    await both(page, 'history-alerts-en');
    return shownSecret;
  });

  await test.step('the receiver got the test event, signed with the rule’s secret', () => {
    expect(hooks).toHaveLength(1);
    expect(signedWith(hooks[0]!, secret)).toBe(true);
    expect(signedWith(hooks[0]!, 'whsec_someone-else')).toBe(false);
    expect(JSON.parse(hooks[0]!.body)).toMatchObject({
      type: 'test',
      audience: { id: saved.id, name: 'English speakers' },
    });
  });

  await test.step('switch to Japanese', async () => {
    await page.goto(`/${TEAM}/account`);
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: '日本語' }).click();
    await page.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('heading', { name: 'アカウント管理' })).toBeVisible();
  });

  await check('ja');
  await expect(
    card.getByTestId('alert-rule').getByText(tr('ja', 'alerts.rulePanel', { threshold: 10 })),
  ).toBeVisible();
});
