import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, InsightsReport, Job } from '@murmur/core/api';
import { formatLargeNumber, formatPercent } from '@murmur/core/format';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';
import { SCREEN_TEXTS } from './insights-pdf-texts';

let t: TestApp;
let alice: TestSession;
let bob: TestSession;
let config: AudienceConfig;
const kit = teamKit(() => t);
// A Japanese audience: its bio words are Japanese, so the PDF must carry Japanese glyphs.
const japanese = { languages: [{ label: 'Japanese' }] };

beforeAll(async () => {
  execFileSync(
    'node',
    [fileURLToPath(new URL('../../../../../scripts/ensure-poppler.mjs', import.meta.url))],
    { stdio: 'inherit' },
  );
  const network = await testNetwork();
  t = await createTestApp({}, { engine: network.holder });
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
  config = await kit.createConfig(alice, { name: 'Coffee fans JP', targeting_package: japanese });
}, 300_000);
afterAll(() => t.close());

/** A PDF's text as poppler's pdftotext reads it (a real reader, not the library that wrote it). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-insights-pdf-'));
  try {
    const file = join(dir, 'insights.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const flat = (text: string) => text.replace(/\s+/g, ' ');
const tight = (text: string) => text.replace(/\s+/g, '');

async function report(payload: object, who: TestSession = alice): Promise<Job & { result: InsightsReport }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/audience-configs/insights/?wait=1',
    payload,
    headers: who.tokenAuth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { job } = res.json<{ job: Job & { result: InsightsReport } }>();
  expect(job.state).toBe('done');
  return job;
}
const pdf = (query: string, who?: TestSession) =>
  t.app.inject({ method: 'GET', url: `/api/audience-insights/pdf/?${query}`, headers: who?.tokenAuth ?? {} });

describe('the insights PDF', () => {
  it("uses the screen's own words: every text it shares with the web app is the web app's", () => {
    for (const language of ['en', 'ja'] as const) {
      const web = JSON.parse(
        readFileSync(new URL(`../../../../web/src/locales/${language}.json`, import.meta.url), 'utf8'),
      ) as Record<string, unknown>;
      for (const [key, text] of Object.entries(SCREEN_TEXTS[language])) {
        const onScreen = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], web);
        expect(text, `${language} ${key}`).toBe(onScreen);
      }
    }
  });

  it("of a saved audience's report, in English and Japanese: name, size with its interval and count, baseline, panels with n and intervals", async () => {
    const job = await report({ audience_config_id: config.id });
    const { figure } = job.result.estimate;

    const en = await pdf(`audience_config_id=${config.id}&language=en`, alice);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toMatch(
      /^attachment; filename="insights-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const english = flat(pdfText(en.rawPayload));
    expect(english).toContain('Insights: Coffee fans JP');
    expect(english).toContain('Shares and affinities are relative to: Whole network');
    expect(english).toContain(
      `Audience (estimate) ${formatLargeNumber(figure.value)} (estimate, ${formatLargeNumber(figure.low)}–${formatLargeNumber(figure.high)})`,
    );
    expect(english).toContain(
      `Accounts matched in the index ${formatLargeNumber(job.result.estimate.sample_count)}`,
    );
    // A panel row: its n, its share with the share's 95 % interval, its affinity with its interval.
    const top = job.result.bioWords.words[0]!;
    const interval = (x: [number, number]) =>
      `${formatPercent(x[0], { fromFraction: true })}–${formatPercent(x[1], { fromFraction: true })}`;
    expect(english).toContain('Words in bio');
    expect(english).toContain(interval(top.shareInterval));
    expect(english).toMatch(/Value n Share Affinity/);
    expect(english).toContain(`Items held by fewer than ${job.result.bioWords.basis.minSupport} are hidden`);

    const ja = await pdf(`audience_config_id=${config.id}&language=ja`, alice);
    expect(ja.statusCode).toBe(200);
    const japaneseText = tight(pdfText(ja.rawPayload));
    expect(japaneseText).toContain(tight('インサイト: Coffee fans JP'));
    expect(japaneseText).toContain(tight('割合と親和性の比較対象: ネットワーク全体'));
    expect(japaneseText).toContain(
      tight(
        `オーディエンス（推定）${formatLargeNumber(figure.value, 'ja')}（推定、${formatLargeNumber(figure.low, 'ja')}〜${formatLargeNumber(figure.high, 'ja')}）`,
      ),
    );
    expect(japaneseText).toContain('プロフィールの単語');
    // The Japanese bio words themselves, read back from the PDF's embedded Japanese font.
    expect(japaneseText).toContain(top.label);
    expect(japaneseText).toContain(tight(interval(top.shareInterval)));
    expect(japaneseText).toContain(
      tight(`${job.result.bioWords.basis.minSupport} 件未満の項目は表示しません`),
    );
  });

  it('changes with the baseline: a report against Japan says so and prints the affinities against Japan', async () => {
    const network = await report({ audience_config_id: config.id });
    const japan = await report({
      audience_config_id: config.id,
      baseline: { kind: 'country', country: 'JP' },
    });
    const [byNetwork, byJapan] = await Promise.all(
      [network, japan].map(async (job) => {
        const res = await pdf(`job_id=${job.id}&language=en`, alice);
        expect(res.statusCode, res.body).toBe(200);
        return flat(pdfText(res.rawPayload));
      }),
    );
    expect(byJapan).toContain('Insights: Coffee fans JP');
    expect(byJapan).toContain('Shares and affinities are relative to: Japan');
    expect(byNetwork).not.toContain('relative to: Japan');
    const size = japan.result.baseline!.size;
    expect(byJapan).toContain(
      `Size of the baseline ${formatLargeNumber(size.value)} (estimate, ${formatLargeNumber(size.low)}–${formatLargeNumber(size.high)})`,
    );
    // The same language's affinity differs by baseline, and each PDF prints its own.
    const affinity = (job: typeof network) => {
      const ja = job.result.demographics.languages.find((s) => s.key === 'ja')!;
      return `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(ja.affinity!)}×`;
    };
    expect(affinity(network)).not.toBe(affinity(japan));
    expect(byNetwork).toContain(affinity(network));
    expect(byJapan).toContain(affinity(japan));
    expect(byJapan).not.toBe(byNetwork);

    const jaText = tight(pdfText((await pdf(`job_id=${japan.id}&language=ja`, alice)).rawPayload));
    expect(jaText).toContain(tight('割合と親和性の比較対象: 日本'));
  });

  it("keeps a saved audience's report to those who may read it, and gives a signed-out caller the public tabs only", async () => {
    const job = await report({ audience_config_id: config.id });
    // Signed out: 403, as every signed-in route answers (errors.ts NotAuthenticated).
    expect((await pdf(`job_id=${job.id}`)).statusCode).toBe(403);
    expect([403, 404]).toContain((await pdf(`job_id=${job.id}`, bob)).statusCode);
    expect([403, 404]).toContain((await pdf(`audience_config_id=${config.id}`, bob)).statusCode);
    expect((await pdf('job_id=no-such-job-123')).statusCode).toBe(404);
    expect((await pdf('language=en')).statusCode).toBe(400);

    // A package's report (the public generate-insights job): no name, summary and demographics only.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/external/generate-insights/?wait=1',
      payload: { targeting_package: japanese },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { job: open } = started.json<{ job: Job }>();
    const text = flat(pdfText((await pdf(`job_id=${open.id}&language=en`)).rawPayload));
    expect(text).toContain('Insights: Unsaved audience');
    expect(text).toContain('Gender');
    expect(text).toContain('Sign in to access more data');
    expect(text).not.toContain('Words in bio');
    const signedIn = flat(pdfText((await pdf(`job_id=${open.id}&language=en`, alice)).rawPayload));
    expect(signedIn).toContain('Words in bio');
  });
});
