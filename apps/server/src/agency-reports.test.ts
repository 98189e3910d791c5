import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSchedule, ReportScheduleInput } from '@murmur/core/api';
import { adMedia } from './db/schema';
import { samplingOf } from './engine/engine-audience';
import { createMailOutbox, createOutboxRepository, type Mail } from './integrations/mail';
import { createAgencyModule } from './modules/agency';
import { agencyKit } from './modules/agency/agency-test-kit';
import { audienceStatusSql } from './modules/audiences';
import { campaignStatusOf } from './modules/campaigns';
import { createTestApp, type TestApp, type TestSession } from './test/test-app';
import { testNetwork, type TestNetwork } from './test/test-engine';

// Scheduled reports (docs/AGENCY.md "Scheduled reports"), end to end: set over HTTP, sent by the
// scheduled run from the server's (test) clock, read back from the mail: the PDF with pdftotext, the
// XLSX with exceljs.
// At the src root because it wires the agency module with its collaborators as modules/index.ts does.

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let net: TestNetwork;
let alice: TestSession; // admin of 株式会社あさひ
let bob: TestSession; // member of it
let outsider: TestSession;
let team: { id: number; slug: string; name: string };
const kit = agencyKit(() => t);
const recipients = ['client@asahi.example', 'boss@asahi.example'];
/** A 1×1 PNG: the team's logo in its media library. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
let logoId: number;

beforeAll(() => {
  execFileSync('node', [fileURLToPath(new URL('../../../scripts/ensure-poppler.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}, 300_000);

beforeAll(async () => {
  net = await testNetwork();
  t = await createTestApp({}, { engine: net.holder });
  alice = await t.signIn('alice@agency.test');
  bob = await t.signIn('bob@agency.test');
  outsider = await t.signIn('outsider@elsewhere.test');
  team = await kit.teamWithAccount(alice, '株式会社あさひ', '18ce54d4x5t', 'Asahi on X');
  await kit.join(team, alice, bob);
  const [logo] = await t.db
    .insert(adMedia)
    .values({
      teamId: team.id,
      createdBy: alice.user.id,
      name: 'Asahi logo',
      storageKey: 'logos/asahi.png',
      thumbnailKey: 'logos/asahi-thumb.png',
      mime: 'image/png',
      size: LOGO.length,
      width: 1,
      height: 1,
    })
    .returning();
  logoId = logo!.id;
  const runners = await kit.audience(alice, team, '東京のランナー');
  await kit.audience(alice, team, 'Weekend cyclists');
  await kit.upload(alice, team, runners, { id: '18ce54d4x5t', name: 'Asahi on X' }, 'ready', 52_000);
  const day = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString().slice(0, 10);
  await kit.campaign(alice, team, '18ce54d4x5t', '春のキャンペーン', [
    { day: day(-2 * 24 * HOUR), impressions: 3400, clicks: 21, spendMicro: 4_500_000 },
    // Long before the period: not in the report.
    { day: day(-60 * 24 * HOUR), impressions: 999_999, clicks: 1, spendMicro: 1_000_000 },
  ]);
}, 180_000);
afterAll(() => t.close());

const url = (slug: string, rest = '') => `/api/teams/${slug}/report-schedule/${rest}`;
const put = (who: TestSession, body: object) =>
  t.app.inject({ method: 'PUT', url: url(team.slug), headers: who.tokenAuth, payload: body });

/** A weekly schedule due at the next whole hour that is at least an hour away (UTC). */
function weeklySoon(): ReportScheduleInput {
  const due = new Date(t.clock.now().getTime() + 2 * HOUR);
  return {
    frequency: 'weekly',
    day: ((due.getUTCDay() + 6) % 7) + 1,
    hour: due.getUTCHours(),
    time_zone: 'UTC',
    language: 'ja',
    recipients,
    brand_colour: '#d23f31',
    logo_media: null,
  };
}

/** The scheduled run as modules/index.ts wires it, on the app's database, clock and mailer. */
const scheduledRun = () =>
  createAgencyModule({
    db: t.db,
    clock: t.clock,
    sampling: () => samplingOf(net.holder),
    campaignStatus: campaignStatusOf,
    audienceStatus: audienceStatusSql,
    teams: { adminAccess: () => Promise.reject(new Error('the scheduled run reads no caller')) },
    outbox: createMailOutbox({
      outboxRepository: createOutboxRepository(t.db),
      mailer: t.mailer,
      clock: t.clock,
      secret: t.config.sessionSecret,
      log: t.app.log,
    }),
    readMedia: (key) => Promise.resolve(key === 'logos/asahi.png' ? LOGO : undefined),
  }).reportService;

const reportsTo = (to: string) => t.mailer.sent.filter((m) => m.to === to && m.attachments?.length);

function pdfFile(mail: Mail): string {
  const pdf = mail.attachments!.find((a) => a.contentType === 'application/pdf')!;
  const file = join(mkdtempSync(join(tmpdir(), 'agency-report-')), 'report.pdf');
  writeFileSync(file, Buffer.from(pdf.content, 'base64'));
  return file;
}
const pdfText = (mail: Mail) =>
  execFileSync('pdftotext', ['-layout', pdfFile(mail), '-'], { encoding: 'utf8' });
/** The images in the PDF, as pdfimages lists them (a header of two lines, then one line each). */
const pdfImages = (mail: Mail) =>
  execFileSync('pdfimages', ['-list', pdfFile(mail)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2);

async function sheetRows(mail: Mail, sheet: string): Promise<unknown[][]> {
  const xlsx = mail.attachments!.find((a) => a.filename.endsWith('.xlsx'))!;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(xlsx.content, 'base64') as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.getWorksheet(sheet)!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('report schedule: who may set it', () => {
  it('a member gets 403, someone outside the team 404, signed out 403', async () => {
    expect((await put(bob, weeklySoon())).statusCode).toBe(403);
    expect((await put(outsider, weeklySoon())).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'PUT', url: url(team.slug), payload: weeklySoon() });
    expect(anonymous.statusCode).toBe(403);
    expect((await t.app.inject({ url: url(team.slug), headers: bob.tokenAuth })).statusCode).toBe(403);
    const send = await t.app.inject({ method: 'POST', url: url(team.slug, 'send/'), headers: bob.tokenAuth });
    expect(send.statusCode).toBe(403);
  });

  it('refuses invalid or too many addresses with 400 in the error shape', async () => {
    const bad = await put(alice, { ...weeklySoon(), recipients: ['client@asahi.example', 'not an address'] });
    expect(bad.statusCode).toBe(400);
    const body = bad.json<Record<string, string[]>>();
    const key = Object.keys(body).find((k) => k.startsWith('recipients'));
    expect(key, bad.body).toBeDefined();
    expect(body[key!]![0]).toMatch(/valid e-?mail|address/i);

    const many = Array.from({ length: 21 }, (_, i) => `c${i}@asahi.example`);
    const tooMany = await put(alice, { ...weeklySoon(), recipients: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<Record<string, string[]>>().recipients?.[0]).toMatch(/at most 20/);
    expect((await put(alice, { ...weeklySoon(), day: 8 })).statusCode).toBe(400);
    expect((await put(alice, { ...weeklySoon(), time_zone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await put(alice, { ...weeklySoon(), logo_media: 12345 })).statusCode).toBe(400);
    expect((await t.app.inject({ url: url(team.slug), headers: alice.tokenAuth })).statusCode).toBe(404);
  });
});

describe('a weekly report in Japanese', () => {
  it('is due when the clock passes its hour, sent once per recipient, and not again', async () => {
    const set = await put(alice, { ...weeklySoon(), logo_media: logoId });
    expect(set.statusCode, set.body).toBe(200);
    const schedule = set.json<ReportSchedule>();
    expect(schedule).toMatchObject({ recipients, language: 'ja', last_sent_period: null });
    const due = new Date(schedule.next_due).getTime();
    expect(due - t.clock.now().getTime()).toBeGreaterThan(HOUR - 60_000);

    // Not yet due: the week before ended before the schedule was set.
    await scheduledRun().sendDue();
    for (const to of recipients) expect(reportsTo(to)).toHaveLength(0);

    t.clock.advance(3 * HOUR);
    await scheduledRun().sendDue();
    // Another tick, and a restarted server (a new run on the same database): nothing more.
    await scheduledRun().sendDue();
    await scheduledRun().sendDue();
    for (const to of recipients) expect(reportsTo(to)).toHaveLength(1);

    const after = (
      await t.app.inject({ url: url(team.slug), headers: alice.tokenAuth })
    ).json<ReportSchedule>();
    expect(after.last_sent_period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(after.next_due).getTime()).toBe(due + 7 * 24 * HOUR);
  });

  it('carries a PDF with the team, its logo, its audiences and Japanese headings', () => {
    const mail = reportsTo(recipients[0]!)[0]!;
    // The logo: the image and, as the PNG has an alpha channel, its soft mask.
    expect(pdfImages(mail).map((line) => line.split(/\s+/)[3])).toEqual(['image', 'smask']);
    expect(mail.subject).toContain('株式会社あさひ');
    expect(mail.attachments!.map((a) => a.filename)).toEqual([
      expect.stringMatching(/\.pdf$/),
      expect.stringMatching(/\.xlsx$/),
    ]);
    const text = pdfText(mail);
    for (const expected of [
      '株式会社あさひ',
      'オーディエンス・キャンペーンレポート',
      'アクティブなオーディエンス',
      '東京のランナー',
      'Weekend cyclists',
      'X へのアップロード',
      '準備完了',
      '春のキャンペーン',
      'Asahi on X',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("carries an XLSX with the audience rows and the period's delivery only", async () => {
    const mail = reportsTo(recipients[1]!)[0]!;
    const audiences = await sheetRows(mail, 'アクティブなオーディエンス');
    const names = audiences.slice(2).map((r) => r[0]);
    expect(names.sort()).toEqual(['Weekend cyclists', '東京のランナー'].sort());
    for (const row of audiences.slice(2)) {
      const [, value, low, high] = row as [string, number, number, number];
      expect(low).toBeLessThanOrEqual(value);
      expect(high).toBeGreaterThanOrEqual(value);
    }
    const campaigns = await sheetRows(mail, 'キャンペーンの配信');
    expect(campaigns[2]).toEqual(['春のキャンペーン', '18ce54d4x5t', '配信中', 3400, 42, 21, 4.5, 'USD']);
  });

  it('"Send now" mails the period so far at once, without using up the scheduled one', async () => {
    const before = reportsTo(recipients[0]!).length;
    const res = await t.app.inject({
      method: 'POST',
      url: url(team.slug, 'send/'),
      headers: alice.tokenAuth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recipients: 2 });
    expect(reportsTo(recipients[0]!)).toHaveLength(before + 1);
  });

  it('an English report has English headings; deleting the schedule stops it', async () => {
    const en = await put(alice, { ...weeklySoon(), language: 'en', recipients: ['en@asahi.example'] });
    expect(en.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: url(team.slug, 'send/'), headers: alice.tokenAuth });
    const mail = reportsTo('en@asahi.example')[0]!;
    const text = pdfText(mail);
    expect(text).toContain('Active audiences');
    // Set without a logo: the team's name heads the PDF alone.
    expect(pdfImages(mail)).toHaveLength(0);
    expect(text).not.toContain('アクティブなオーディエンス');

    const del = await t.app.inject({ method: 'DELETE', url: url(team.slug), headers: alice.tokenAuth });
    expect(del.statusCode).toBe(204);
    t.clock.advance(8 * 24 * HOUR);
    await scheduledRun().sendDue();
    expect(reportsTo('en@asahi.example')).toHaveLength(1);
  });
});
