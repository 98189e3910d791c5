import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportScheduleInput } from '@murmur/core/api';
import { uploadedAudiences } from './db/schema';
import { samplingOf } from './engine/engine-audience';
import { createMailOutbox, createOutboxRepository, createSmtpMailer } from './integrations/mail';
import { createAgencyModule } from './modules/agency';
import { agencyKit } from './modules/agency/agency-test-kit';
import { audienceStatusSql } from './modules/audiences';
import { campaignStatusOf } from './modules/campaigns';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './test/smtp-sink';
import { createTestApp, type TestApp, type TestSession } from './test/test-app';
import { testNetwork, type TestNetwork } from './test/test-engine';

// A scheduled report received in an SMTP sink (docs/AGENCY.md "Scheduled reports"). The scheduled
// run sends through the production SMTP mailer (nodemailer) to a real SMTP server on loopback; the
// test reads the message as it arrived — MIME parsed, attachments base64-decoded — then the PDF with
// pdftotext and the XLSX with exceljs, in Japanese and in English.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let t: TestApp;
let net: TestNetwork;
let sink: SmtpSink;
let alice: TestSession;
let team: { id: number; slug: string; name: string };
const kit = agencyKit(() => t);
const ACCOUNT = { id: '18ce54d4x5t', name: 'Harbour on X' };

beforeAll(() => {
  execFileSync('node', [fileURLToPath(new URL('../../../scripts/ensure-poppler.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}, 300_000);

beforeAll(async () => {
  sink = await startSmtpSink();
  net = await testNetwork();
  t = await createTestApp({}, { engine: net.holder });
  // The schedules below fall due two hours after "now" and each tick moves three hours on: from a
  // wall clock past 19:00 UTC the English schedule fell on the next day, a new slot, and was sent
  // at once. The test's day starts at 03:00 UTC whatever the hour it runs at.
  const sinceThree = (t.clock.now().getTime() - 3 * HOUR) % DAY;
  t.clock.advance(DAY - sinceThree);
  alice = await t.signIn('alice@harbour.test');
  team = await kit.teamWithAccount(alice, '港湾エージェンシー', ACCOUNT.id, ACCOUNT.name);
  const walkers = await kit.audience(alice, team, '港の散歩好き');
  const sailors = await kit.audience(alice, team, 'Weekend sailors');
  await kit.upload(alice, team, walkers, ACCOUNT, 'ready', 48_000);
  await kit.upload(alice, team, sailors, ACCOUNT, 'failed', 12);
  // An upload made long before any report's period: listed by no report.
  const old = await kit.audience(alice, team, 'Old regatta fans');
  await kit.upload(alice, team, old, ACCOUNT, 'ready', 77_000);
  await t.db
    .update(uploadedAudiences)
    .set({ created: new Date(t.clock.now().getTime() - 90 * DAY) })
    .where(eq(uploadedAudiences.name, 'Old regatta fans'));
  const day = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString().slice(0, 10);
  await kit.campaign(alice, team, ACCOUNT.id, '秋のセール', [
    { day: day(-DAY), impressions: 2500, clicks: 40, spendMicro: 7_250_000 },
  ]);
}, 180_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** A weekly schedule due at the next whole hour that is at least an hour away (UTC). */
function weeklySoon(language: 'en' | 'ja', recipients: string[]): ReportScheduleInput {
  const due = new Date(t.clock.now().getTime() + 2 * HOUR);
  return {
    frequency: 'weekly',
    day: ((due.getUTCDay() + 6) % 7) + 1,
    hour: due.getUTCHours(),
    time_zone: 'UTC',
    language,
    recipients,
    brand_colour: '#1d6fa5',
    logo_media: null,
  };
}

/** The scheduled run as modules/index.ts wires it when SMTP_URL is set: the outbox over SMTP. */
const scheduledRun = () => {
  const mailer = createSmtpMailer({ smtpUrl: sink.url, from: t.config.mailFrom });
  const run = createAgencyModule({
    db: t.db,
    clock: t.clock,
    sampling: () => samplingOf(net.holder),
    campaignStatus: campaignStatusOf,
    audienceStatus: audienceStatusSql,
    teams: { adminAccess: () => Promise.reject(new Error('the scheduled run reads no caller')) },
    outbox: createMailOutbox({
      outboxRepository: createOutboxRepository(t.db),
      mailer,
      clock: t.clock,
      secret: t.config.sessionSecret,
      log: t.app.log,
    }),
    readMedia: () => Promise.resolve(undefined),
  }).reportService;
  return { run, close: () => mailer.close?.() };
};

async function schedule(language: 'en' | 'ja', recipients: string[]) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/teams/${team.slug}/report-schedule/`,
    headers: alice.tokenAuth,
    payload: weeklySoon(language, recipients),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Advances past the schedule's hour and runs the scheduled tick, sending over SMTP. */
async function tick() {
  t.clock.advance(3 * HOUR);
  const { run, close } = scheduledRun();
  try {
    return await run.sendDue();
  } finally {
    await close();
  }
}

const received = (to: string) => sink.mails.filter((m) => m.to.includes(to));
const attachment = (mail: ReceivedMail, suffix: string) => {
  const found = mail.attachments.find((a) => a.filename.endsWith(suffix));
  expect(found, `${suffix} attached`).toBeDefined();
  return found!;
};

function pdfText(mail: ReceivedMail): string {
  const pdf = attachment(mail, '.pdf');
  expect(pdf.contentType).toBe('application/pdf');
  expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = join(mkdtempSync(join(tmpdir(), 'smtp-report-')), pdf.filename);
  writeFileSync(file, pdf.content);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function sheets(mail: ReceivedMail): Promise<Map<string, unknown[][]>> {
  const xlsx = attachment(mail, '.xlsx');
  expect(xlsx.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.content as unknown as ArrayBuffer);
  const out = new Map<string, unknown[][]>();
  book.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    out.set(sheet.name, rows);
  });
  return out;
}

describe('a scheduled report received over SMTP', () => {
  it('in Japanese: one message per recipient, from Murmur, with the PDF and XLSX attached', async () => {
    await schedule('ja', ['client@harbour.example', 'cfo@harbour.example']);
    expect(await tick()).toBe(1);
    for (const to of ['client@harbour.example', 'cfo@harbour.example']) {
      const mails = received(to);
      expect(mails, to).toHaveLength(1);
      // Each client sees only its own address.
      expect(mails[0]!.to).toEqual([to]);
      expect(mails[0]!.from).toBe('no-reply@murmur.test');
    }
    const mail = received('client@harbour.example')[0]!;
    expect(mail.subject).toContain('港湾エージェンシー');
    expect(mail.text).toContain('港湾エージェンシー');
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^.+-report-\d{4}-\d{2}-\d{2}\.pdf$/),
      expect.stringMatching(/^.+-report-\d{4}-\d{2}-\d{2}\.xlsx$/),
    ]);
  });

  it("in Japanese: the PDF lists the team's audiences, the period's uploads and delivery", () => {
    const text = pdfText(received('cfo@harbour.example')[0]!);
    for (const expected of [
      '港湾エージェンシー',
      '週次レポート',
      'アクティブなオーディエンス',
      '港の散歩好き',
      'Weekend sailors',
      '期間中の X へのアップロード',
      '準備完了',
      '失敗',
      'Harbour on X',
      '秋のセール',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Its audience is active, but an upload made before the period is not the period's.
    expect(text).toContain('Old regatta fans');
    const uploads = text.slice(
      text.indexOf('期間中の X へのアップロード'),
      text.indexOf('キャンペーンの配信'),
    );
    expect(uploads).toContain('港の散歩好き');
    expect(uploads).not.toContain('Old regatta fans');
  });

  it("in Japanese: the XLSX has the audiences, the period's uploads and X's delivery as numbers", async () => {
    const book = await sheets(received('client@harbour.example')[0]!);
    const audiences = book.get('アクティブなオーディエンス')!;
    expect(audiences[0]![0]).toBe('港湾エージェンシー');
    expect(audiences.slice(2).map((r) => r[0])).toEqual(
      expect.arrayContaining(['港の散歩好き', 'Weekend sailors', 'Old regatta fans']),
    );
    const uploads = book.get('期間中の X へのアップロード')!;
    expect(uploads.slice(2).map((r) => r.slice(0, 4))).toEqual(
      expect.arrayContaining([
        ['港の散歩好き', 'Harbour on X', '準備完了', 48_000],
        ['Weekend sailors', 'Harbour on X', '失敗', 12],
      ]),
    );
    expect(uploads.slice(2)).toHaveLength(2);
    const campaigns = book.get('キャンペーンの配信')!;
    expect(campaigns[2]).toEqual(['秋のセール', ACCOUNT.id, '配信中', 2500, 80, 40, 7.25, 'USD']);
  });

  it('in English: the next week, English headings in the PDF and the sheets, no upload in that week', async () => {
    await schedule('en', ['en-client@harbour.example']);
    expect(await tick()).toBe(0);
    t.clock.advance(7 * DAY);
    expect(await tick()).toBe(1);
    const mails = received('en-client@harbour.example');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^港湾エージェンシー: report for \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}$/);
    const text = pdfText(mail);
    for (const expected of [
      'Audience and campaign report',
      'Weekly report',
      'Active audiences',
      '港の散歩好き',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain('No upload to X in the period.');
    expect(text).not.toContain('アクティブなオーディエンス');
    const book = await sheets(mail);
    expect([...book.keys()]).toEqual(['Active audiences', 'Uploads to X in the period', 'Campaign delivery']);
    expect(book.get('Uploads to X in the period')!.slice(2)).toEqual([]);
    expect(
      book
        .get('Active audiences')!
        .slice(2)
        .map((r) => r[0]),
    ).toContain('Weekend sailors');
  });
});
