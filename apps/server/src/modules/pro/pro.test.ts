import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AudienceConfig,
  AudienceRequest,
  CompetitorAnalysisResult,
  JobOf,
  ListShareLink,
  Monitor,
  ShareOffer,
  Xstats,
} from '@murmur/core/api';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import type { AudienceEngine } from '@murmur/engine';
import { emptyTargetingPackage as emptyPackage, interestName } from '@murmur/core/targeting';
import { populationEstimate } from '@murmur/core/sampling';
import { formatLargeNumber } from '@murmur/core/format';
import { createImageDownloader, storedZip } from './image-downloader';

let t: TestApp;
let engine: AudienceEngine;
beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({ staffEmailDomains: ['murmur.test'] }, { engine: network.holder });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/external/${url}`, payload, headers });
/** A PDF's text as poppler's pdftotext reads it (scripts/ensure-poppler.mjs installs it where missing). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-pro-pdf-'));
  try {
    const file = join(dir, 'summary.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
beforeAll(() => {
  execFileSync(
    'node',
    [fileURLToPath(new URL('../../../../../scripts/ensure-poppler.mjs', import.meta.url))],
    { stdio: 'inherit' },
  );
}, 300_000);

const linkToken = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('audience requests', () => {
  it("verifies by the mailed link, tells staff, and mails staff's answer — all in the requester's language", async () => {
    const staff = await t.signIn('ana@murmur.test');
    const created = await post(
      'audience-requests/',
      { kind: 'audience', email: 'Kenji@Example.jp', name: 'Kenji', description: '東京のコーヒー好き' },
      { 'accept-language': 'ja' },
    );
    expect(created.statusCode).toBe(201);
    const request = created.json<AudienceRequest>();
    expect(request).toMatchObject({ state: 'unverified', email: 'kenji@example.jp', language: 'ja' });
    const verifyMail = t.mailer.last('kenji@example.jp');
    expect(verifyMail.subject).toBe('Targeting Toolkit へのリクエストを確認してください');
    // Mail links open the pro host itself (SPEC §1: flavours by host name), not PUBLIC_URL?flavour=pro.
    expect(verifyMail.text).toMatch(/https:\/\/pro\.murmur\.test\/request-verification\?token=[\w-]+\n/);
    expect(verifyMail.text).not.toContain('flavour=');

    // Staff do not see unconfirmed requests.
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/external/audience-requests/',
      headers: staff.tokenAuth,
    });
    expect(before.json<{ results: AudienceRequest[] }>().results.map((r) => r.id)).not.toContain(request.id);

    const verified = await post('audience-requests/verify/', { token: linkToken(verifyMail.text) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json<AudienceRequest>().state).toBe('verified');
    expect(t.mailer.last('kenji@example.jp').subject).toBe(
      'Targeting Toolkit へのリクエストを受け付けました',
    );
    expect(t.mailer.last('ana@murmur.test').subject).toContain('kenji@example.jp');
    // Opening the link again changes nothing and sends nothing.
    const count = t.mailer.sent.length;
    expect((await post('audience-requests/verify/', { token: linkToken(verifyMail.text) })).statusCode).toBe(
      200,
    );
    expect(t.mailer.sent.length).toBe(count);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/external/audience-requests/',
      headers: staff.tokenAuth,
    });
    expect(list.json<{ results: AudienceRequest[] }>().results.map((r) => r.id)).toContain(request.id);

    const answered = await post(
      `audience-requests/${request.id}/answer/`,
      { answer: 'オーディエンスを作成しました。' },
      staff.tokenAuth,
    );
    expect(answered.statusCode).toBe(200);
    const answerMail = t.mailer.last('kenji@example.jp');
    expect(answerMail.subject).toBe('Targeting Toolkit へのリクエストに回答しました');
    expect(answerMail.text).toContain('オーディエンスを作成しました。');

    const feedback = await post('audience-requests/feedback/', {
      token: linkToken(answerMail.text),
      rating: 5,
      comment: 'ありがとう',
    });
    expect(feedback.statusCode).toBe(200);
    expect(feedback.json<AudienceRequest>().feedback).toEqual({ rating: 5, comment: 'ありがとう' });
  });

  it('keeps requests from everyone but staff, and refuses bad input with SPEC §8 bodies', async () => {
    const someone = await t.signIn('someone@example.com');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/external/audience-requests/',
      headers: someone.tokenAuth,
    });
    expect(listed.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/external/audience-requests/' })).statusCode).toBe(
      403,
    );
    expect((await post('audience-requests/1/answer/', { answer: 'x' }, someone.tokenAuth)).statusCode).toBe(
      403,
    );
    const bad = await post('audience-requests/', { kind: 'audience', email: 'nope', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      email: ['Please enter a valid email address'],
      name: ['Name is required'],
    });
    const noTitle = await post('audience-requests/', { kind: 'download', email: 'a@b.co', name: 'A' });
    expect(noTitle.json()).toEqual({ title: ['Title is required'] });
    expect((await post('audience-requests/verify/', { token: 'x'.repeat(32) })).statusCode).toBe(404);
    const english = await post('audience-requests/', {
      kind: 'access',
      email: 'pat@example.com',
      name: 'Pat',
      description: 'Agency',
    });
    expect(english.statusCode).toBe(201);
    expect(t.mailer.last('pat@example.com').subject).toBe('Confirm your request on Targeting Toolkit');
  });

  it('validates emails, handles and ad accounts', async () => {
    expect((await post('audience-requests/validate-email/', { email: 'x@y.io' })).json()).toEqual({
      valid: true,
      email: 'x@y.io',
    });
    expect((await post('audience-requests/validate-email/', { email: 'xy.io' })).json()).toMatchObject({
      valid: false,
    });
    const star = engine.describeAccounts(engine.explore.mostFollowed(engine.explore.everyone(), 1))[0]!
      .handle;
    expect((await post('audience-requests/validate-handle/', { handle: `@${star}` })).json()).toMatchObject({
      valid: true,
      handle: star,
    });
    expect(
      (await post('audience-requests/validate-handle/', { handle: 'nobody_here_123' })).json(),
    ).toMatchObject({ valid: false });
    expect(
      (await post('audience-requests/validate-ad-account/', { ad_account_id: '18ce54d4x5t' })).json(),
    ).toEqual({ access: false });
    expect((await post('audience-requests/validate-ad-account/', { ad_account_id: '../x' })).statusCode).toBe(
      400,
    );
  });
});

describe('xstats', () => {
  it("gives the network's figures and one country's, from the engine", async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/external/xstats/' });
    expect(all.statusCode).toBe(200);
    const network = all.json<Xstats>();
    expect(network.country).toBeNull();
    expect(network.accounts).toBe(Math.round(engine.explore.everyone().count * engine.scale));
    // The accounts are Murmur's estimate, with its interval (the posts beside them are sample counts).
    expect(network.accounts_figure).toMatchObject({ kind: 'estimate', value: network.accounts });
    expect(network.share_of_network).toBe(1);
    expect(network.countries.length).toBeGreaterThan(1);
    for (const c of network.countries) {
      expect(c.accounts_figure).toMatchObject({ kind: 'estimate', value: c.accounts });
      expect(c.accounts_figure.low).toBeLessThan(c.accounts);
      expect(c.accounts_figure.high).toBeGreaterThan(c.accounts);
    }
    const code = network.countries[0]!.code;
    const one = (
      await t.app.inject({ method: 'GET', url: `/api/external/xstats/?country=${code.toLowerCase()}` })
    ).json<Xstats>();
    expect(one.country).toBe(code);
    expect(one.accounts).toBeLessThan(network.accounts);
    expect(one.accounts_figure.value).toBe(one.accounts);
    expect(one.accounts_figure.low).toBeLessThan(one.accounts);
    expect(one.accounts_figure.high).toBeGreaterThan(one.accounts);
    expect(one.languages.length).toBeGreaterThan(0);
    expect(one.growth.latest_week_posts).toBeLessThanOrEqual(network.growth.latest_week_posts);
    expect((await t.app.inject({ method: 'GET', url: '/api/external/xstats/?country=ZZZ' })).statusCode).toBe(
      400,
    );
  });
});

describe('marketing materials and the competitor summary PDF', () => {
  it('lists materials by content type in both languages and downloads them as PDFs', async () => {
    const faq = await t.app.inject({
      method: 'GET',
      url: '/api/external/marketing-materials/?content_type=faq&language=ja',
    });
    const results = faq.json<{ results: { content_type: string; title: string; download_url: string }[] }>()
      .results;
    expect(results.every((m) => m.content_type === 'faq')).toBe(true);
    expect(results[0]!.title).toBe('よくある質問');
    const pdf = await t.app.inject({ method: 'GET', url: results[0]!.download_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/external/marketing-materials/nope/download/' }))
        .statusCode,
    ).toBe(404);
  });

  it('writes the PDF of a finished competitor analysis', async () => {
    const handles = engine
      .describeAccounts(engine.explore.mostFollowed(engine.explore.everyone(), 3))
      .map((a) => a.handle);
    const started = await post('competitor-analysis/?wait=1', { handles });
    const { job } = started.json<{ job: JobOf<CompetitorAnalysisResult> }>();
    expect(job.state).toBe('done');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/external/pro-targeting-summary-pdf/?job_id=${job.id}&language=ja`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toMatch(/competitor-analysis-.*\.pdf/);

    // Read by a real PDF reader: the Japanese summary names the followers' interests in Japanese
    // (each competitor's first interest, by its last part so a wrapped cell still reads whole).
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('フォロワーの特徴的な興味関心');
    const firsts = job.result!.competitors.flatMap((c) => c.top_interests.slice(0, 1).map((i) => i.label));
    expect(firsts.length).toBeGreaterThan(0);
    for (const label of firsts) {
      const japanese = interestName(label, 'ja');
      expect(japanese, `${label} has a Japanese name`).not.toBe(label);
      expect(text).toContain(japanese.split('/').at(-1));
      expect(text).not.toContain(label);
    }
    const english = pdfText(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/external/pro-targeting-summary-pdf/?job_id=${job.id}&language=en`,
        })
      ).rawPayload,
    );
    expect(english).toContain(firsts[0]!.split('/').at(-1));
    expect(english).not.toContain(interestName(firsts[0]!, 'ja').split('/').at(-1));
    // Shared followers are estimates: each printed with its 95 % interval beneath.
    const [first, second] = job.result!.competitors;
    const shared = first!.overlap_figures[second!.handle]!;
    expect(shared.kind).toBe('estimate');
    expect(english).toContain(`${formatLargeNumber(shared.low)}–${formatLargeNumber(shared.high)}`);
    // The Japanese summary counts in 万/億 as the Japanese screens do, never in K or M.
    expect(text).toContain(`${formatLargeNumber(shared.low, 'ja')}–${formatLargeNumber(shared.high, 'ja')}`);
    expect(text).toContain(formatLargeNumber(first!.account.followers_count, 'ja'));
    expect(text).not.toMatch(/\d(?:\.\d)?[KM]\b/);
    expect(english.replace(/\s+/g, ' ')).toContain(
      "Murmur's estimate of the followers two accounts have in common",
    );
    // The header names what "distinctive" is measured against.
    expect(english.replace(/\s+/g, ' ')).toContain('measured against the whole network');
    expect(text.replace(/\s+/g, '')).toContain('ネットワーク全体との比較');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/external/pro-targeting-summary-pdf/?job_id=no-such-job-123',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('image downloader', () => {
  it('refuses hosts other than the site and X media (SSRF), and bad URLs', async () => {
    const caller = await t.signIn('image-ssrf@example.com');
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:5432/',
      'file:///etc/passwd',
      'https://pbs.twimg.com.evil.test/a.png',
      'http://pbs.twimg.com/a.png',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/external/image-downloader/?url=${encodeURIComponent(url)}`,
        headers: caller.tokenAuth,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ url: string[] }>().url[0]).toBe(
        'Images can only be downloaded from this site or from X.',
      );
    }
  });

  it('converts an allowed image to PNG, several to a zip of PNGs, and refuses what is not an image', async () => {
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const downloader = createImageDownloader({
      ownOrigin: 'https://murmur.test',
      fetchImage: (url) =>
        Promise.resolve(url.pathname.endsWith('.txt') ? new Response('hello') : new Response(jpeg)),
    });
    const charged: number[] = [];
    const charge = (pixels: number) => Promise.resolve(void charged.push(pixels));
    const one = await downloader.download(['/media/a.jpg'], charge);
    expect(one.type).toBe('image/png');
    expect((await sharp(one.body).metadata()).format).toBe('png');
    const zip = await downloader.download(['/media/a.jpg', 'https://pbs.twimg.com/media/b.jpg'], charge);
    expect(charged).toEqual([12, 24]);
    expect(zip.type).toBe('application/zip');
    expect(zip.body.subarray(0, 4).readUInt32LE(0)).toBe(0x04034b50);
    await expect(downloader.download(['/media/a.txt'], charge)).rejects.toThrow();
    expect(storedZip([{ name: 'a.png', data: Buffer.from('x') }]).length).toBe(30 + 5 + 1 + 46 + 5 + 22);
  });
});

describe('sharing a list', () => {
  it("mails a list the caller can read as its share link, in the sharer's language; others get 404", async () => {
    const owner = await t.signIn('sharer@example.com');
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      payload: { language: 'ja' },
      headers: owner.tokenAuth,
    });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      payload: {
        name: 'Coffee lovers',
        kind: 'targeting_list',
        targeting_package: { keywords: [{ label: 'coffee' }] },
      },
      headers: owner.tokenAuth,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json<{ id: number; kind: string }>().id;
    expect(saved.json<{ kind: string }>().kind).toBe('targeting_list');
    const shared = await post(
      'audience-configs/share/',
      { audience_config_id: id, emails: ['friend@example.com'] },
      owner.tokenAuth,
    );
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual({ shared_with: ['friend@example.com'] });
    const mail = t.mailer.last('friend@example.com');
    expect(mail.subject).toContain('Coffee lovers');
    expect(mail.subject).toContain('共有しました');
    const url = /https:\/\/pro\.murmur\.test\/shared\/([0-9]+\.[A-Za-z0-9_-]+)\n/.exec(mail.text)?.[1] ?? '';
    expect(url).toMatch(new RegExp(`^${id}\\.`));
    expect(mail.text).not.toContain('package=');
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/external/audience-configs/shared/${url}/`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      name: 'Coffee lovers',
      kind: 'targeting_list',
      targeting_package: { keywords: [{ label: 'coffee' }] },
    });
    expect(opened.body).not.toContain('friend@example.com');
    const stranger = await t.signIn('stranger@example.com');
    expect(
      (
        await post(
          'audience-configs/share/',
          { audience_config_id: id, emails: ['x@example.com'] },
          stranger.tokenAuth,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await post('audience-configs/share/', { audience_config_id: id, emails: ['x@example.com'] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('audience-configs/share/', { audience_config_id: id, emails: [] }, owner.tokenAuth))
        .statusCode,
    ).toBe(400);
  });
});

describe('list share links (they expire, rotate and are revoked)', () => {
  const DAY = 86_400_000;
  const open = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/external/audience-configs/shared/${token}/` });
  const tokenOf = (url: string | null) => url?.split('/shared/')[1] ?? '';
  const newList = async (auth: Record<string, string>) => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      payload: {
        name: 'Linked list',
        kind: 'saved_list',
        targeting_package: { keywords: [{ label: 'tea' }] },
      },
      headers: auth,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json<AudienceConfig>().id;
  };
  const linkOf = async (id: number, auth: Record<string, string>) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/external/audience-configs/${id}/share-link/`,
        headers: auth,
      })
    ).json<ListShareLink>();

  it('works for the days chosen (30 by default), then answers 410; the mailed link is reused while it works', async () => {
    const owner = await t.signIn('links-owner@example.com');
    const id = await newList(owner.tokenAuth);
    expect(await linkOf(id, owner.tokenAuth)).toEqual({ url: null, expires_at: null });
    const share = (extra: object = {}) =>
      post(
        'audience-configs/share/',
        { audience_config_id: id, emails: ['l1@example.com'], ...extra },
        owner.tokenAuth,
      );
    expect((await share({ expires_in_days: 1000 })).statusCode).toBe(400);
    expect((await share({ expires_in_days: 7 })).statusCode).toBe(200);
    const link = await linkOf(id, owner.tokenAuth);
    expect(Math.round((Date.parse(link.expires_at!) - t.clock.now().getTime()) / DAY)).toBe(7);
    expect(t.mailer.last('l1@example.com').text).toContain(`${link.url}\n`);
    expect((await share()).statusCode).toBe(200);
    expect((await linkOf(id, owner.tokenAuth)).url).toBe(link.url);

    t.clock.advance(8 * DAY);
    const expired = await open(tokenOf(link.url));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      detail: 'This share link has expired. Ask the person who shared it for a new one.',
    });
    expect(await linkOf(id, owner.tokenAuth)).toEqual({ url: null, expires_at: null });
    // Sharing again makes a new link, 30 days by default; the expired one stays dead.
    expect((await share()).statusCode).toBe(200);
    const fresh = await linkOf(id, owner.tokenAuth);
    expect(fresh.url).not.toBe(link.url);
    expect(Math.round((Date.parse(fresh.expires_at!) - t.clock.now().getTime()) / DAY)).toBe(30);
    expect((await open(tokenOf(fresh.url))).statusCode).toBe(200);
    expect((await open(tokenOf(link.url))).statusCode).toBe(404);
  });

  it('rotation kills the old link at once, revoke kills it; another team cannot do either (404)', async () => {
    const owner = await t.signIn('links-owner2@example.com');
    const stranger = await t.signIn('links-stranger@example.com');
    const id = await newList(owner.tokenAuth);
    const rotate = (auth: Record<string, string>, days = 90) =>
      t.app.inject({
        method: 'POST',
        url: `/api/external/audience-configs/${id}/share-link/rotate/`,
        payload: { expires_in_days: days },
        headers: auth,
      });
    const revoke = (auth: Record<string, string>) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/external/audience-configs/${id}/share-link/`,
        headers: auth,
      });
    const first = (await rotate(owner.tokenAuth)).json<ListShareLink>();
    expect((await open(tokenOf(first.url))).statusCode).toBe(200);

    expect((await rotate(stranger.tokenAuth)).statusCode).toBe(404);
    expect((await revoke(stranger.tokenAuth)).statusCode).toBe(404);
    expect((await linkOf(id, stranger.tokenAuth)).url).toBeUndefined();
    expect((await open(tokenOf(first.url))).statusCode).toBe(200);

    const second = (await rotate(owner.tokenAuth, 7)).json<ListShareLink>();
    expect(second.url).not.toBe(first.url);
    const old = await open(tokenOf(first.url));
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({
      detail: 'This share link is not valid: it was replaced by a new one or revoked.',
    });
    expect((await open(tokenOf(second.url))).statusCode).toBe(200);

    expect((await revoke(owner.tokenAuth)).statusCode).toBe(204);
    expect((await open(tokenOf(second.url))).statusCode).toBe(404);
    expect(await linkOf(id, owner.tokenAuth)).toEqual({ url: null, expires_at: null });
    // Forged and malformed tokens.
    expect((await open(`${id}.${'f'.repeat(32)}`)).statusCode).toBe(404);
    expect((await open('99999999.abc')).statusCode).toBe(404);
    expect((await open('not-a-token')).statusCode).toBe(404);
  });
});

describe('share via account', () => {
  const saveList = async (auth: Record<string, string>, name: string, kind = 'targeting_list') => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      payload: { name, kind, targeting_package: { keywords: [{ label: 'espresso' }] } },
      headers: auth,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json<AudienceConfig>();
  };
  const listsOf = async (auth: Record<string, string>, kind: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/audience-configs/?kind=${kind}`, headers: auth })).json<{
      results: AudienceConfig[];
    }>().results;

  const offersOf = async (auth: Record<string, string>) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/external/audience-configs/share-offers/',
        headers: auth,
      })
    ).json<ShareOffer[]>();
  const sentTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

  it("asks the other account first: nothing lands in its lists until it accepts (mail in the recipient's language)", async () => {
    const owner = await t.signIn('giver@example.com');
    const friend = await t.signIn('taker@example.jp');
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      payload: { language: 'ja' },
      headers: friend.tokenAuth,
    });
    const list = await saveList(owner.tokenAuth, 'Espresso fans');
    const shared = await post(
      'audience-configs/share-via-account/',
      { audience_config_id: list.id, email: 'Taker@Example.jp' },
      owner.tokenAuth,
    );
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual({ shared_with: ['taker@example.jp'] });

    // Nothing added: an offer waits for the recipient (written after the answer, see below).
    const [offer, ...more] = await vi.waitFor(async () => {
      const waiting = await offersOf(friend.tokenAuth);
      expect(waiting).toHaveLength(1);
      return waiting;
    });
    expect(more).toEqual([]);
    expect(await listsOf(friend.tokenAuth, 'targeting_list')).toEqual([]);
    expect(offer).toMatchObject({ name: 'Espresso fans', kind: 'targeting_list', from: 'giver@example.com' });
    expect(await offersOf(owner.tokenAuth)).toEqual([]);
    await vi.waitFor(() => expect(t.mailer.last('taker@example.jp').subject).toContain('Espresso fans'));
    const mail = t.mailer.last('taker@example.jp');
    expect(mail.subject).toBe(
      'giver@example.com さんがオーディエンス「Espresso fans」を共有しようとしています',
    );
    expect(mail.text).toContain('https://pro.murmur.test/targeting-lists?shares=pending\n');
    expect(mail.text).toContain('承認するまで');

    // Someone else cannot answer it (404), then the recipient accepts: the list is their own copy.
    const path = `/api/external/audience-configs/share-offers/${offer!.id}`;
    const accept = (auth: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `${path}/accept/`, headers: auth });
    expect((await accept(owner.tokenAuth)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `${path}/decline/`, headers: owner.tokenAuth })).statusCode,
    ).toBe(404);
    const accepted = await accept(friend.tokenAuth);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const copy = accepted.json<AudienceConfig>();
    expect(copy.id).not.toBe(list.id);
    expect(copy.created_by.email).toBe('taker@example.jp');
    expect(copy.targeting_package.keywords).toEqual([{ label: 'espresso' }]);
    expect(copy.size).toBe(list.size);
    expect((await listsOf(friend.tokenAuth, 'targeting_list')).map((l) => l.id)).toEqual([copy.id]);
    expect(await offersOf(friend.tokenAuth)).toEqual([]);
    expect((await accept(friend.tokenAuth)).statusCode).toBe(404);

    // The copy is the recipient's own: deleting it leaves the sharer's list.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/audience-configs/${copy.id}/`,
      headers: friend.tokenAuth,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await listsOf(owner.tokenAuth, 'targeting_list')).map((l) => l.id)).toContain(list.id);
  });

  it('a declined offer adds nothing; offering the same list again replaces the waiting offer', async () => {
    const owner = await t.signIn('giver3@example.com');
    const friend = await t.signIn('taker3@example.com');
    const list = await saveList(owner.tokenAuth, 'Declined espresso', 'saved_list');
    const share = () =>
      post(
        'audience-configs/share-via-account/',
        { audience_config_id: list.id, email: 'taker3@example.com' },
        owner.tokenAuth,
      );
    expect((await share()).statusCode).toBe(200);
    expect((await share()).statusCode).toBe(200);
    // Both offers are written once both mails went out; the second replaced the first.
    await vi.waitFor(() =>
      expect(
        sentTo('taker3@example.com').filter((m) => m.subject.includes('Declined espresso')),
      ).toHaveLength(2),
    );
    const offers = await offersOf(friend.tokenAuth);
    expect(offers.map((o) => o.name)).toEqual(['Declined espresso']);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/external/audience-configs/share-offers/${offers[0]!.id}/decline/`,
      headers: friend.tokenAuth,
    });
    expect(declined.statusCode).toBe(204);
    expect(await offersOf(friend.tokenAuth)).toEqual([]);
    expect(await listsOf(friend.tokenAuth, 'saved_list')).toEqual([]);
  });

  it('answers the same for known and unknown addresses; refuses oneself, unreadable lists, signed-out callers', async () => {
    const owner = await t.signIn('giver2@example.com');
    const other = await t.signIn('other2@example.com');
    const list = await saveList(owner.tokenAuth, 'Saved espresso', 'saved_list');
    const share = (email: string, auth?: Record<string, string>, id = list.id) =>
      post('audience-configs/share-via-account/', { audience_config_id: id, email }, auth);

    const unknown = await share('nobody@example.com', owner.tokenAuth);
    const known = await share('other2@example.com', owner.tokenAuth);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ shared_with: ['nobody@example.com'] });
    expect(known.json()).toEqual({ shared_with: ['other2@example.com'] });
    // Same headers apart from the ones every answer varies in.
    const shape = (r: typeof known) =>
      Object.keys(r.headers)
        .filter((h) => !['date', 'content-length', 'x-request-id'].includes(h))
        .sort();
    expect(shape(unknown)).toEqual(shape(known));
    await vi.waitFor(() => expect(t.mailer.last('other2@example.com').subject).toContain('Saved espresso'));
    expect(sentTo('nobody@example.com')).toEqual([]);

    const self = await share('giver2@example.com', owner.tokenAuth);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ email: ['This list is already in your account.'] });
    expect((await share('not-an-address', owner.tokenAuth)).statusCode).toBe(400);
    expect((await share('giver2@example.com', other.tokenAuth)).statusCode).toBe(404);
    expect((await share('other2@example.com')).statusCode).toBe(403);
    // Nothing was copied: the known address has an offer, not a list.
    expect(await listsOf(other.tokenAuth, 'saved_list')).toEqual([]);
    expect((await offersOf(other.tokenAuth)).map((o) => o.kind)).toEqual(['saved_list']);
  });
});

describe('monitors and the weekly results monitor', () => {
  it("measures a watched audience, and a week later mails its owner the change in the owner's language", async () => {
    const owner = await t.signIn('watcher@example.com');
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      payload: { language: 'ja' },
      headers: owner.tokenAuth,
    });
    const created = await post(
      'monitors/',
      { name: 'Coffee', targeting_package: { keywords: [{ label: 'coffee' }] } },
      owner.tokenAuth,
    );
    expect(created.statusCode, created.body).toBe(201);
    const monitor = created.json<Monitor>();
    const measured = engine.estimate({ ...emptyPackage(), keywords: [{ label: 'coffee' }] });
    expect(monitor.last_size).toBe(measured.populationEstimate);
    // The size as a figure: the estimate with the same interval the creator shows for the package.
    expect(monitor.last_figure).toEqual(
      populationEstimate(measured.sampleCount, { sampleSize: engine.stats.accounts, rate: engine.scale }),
    );
    expect(monitor.last_figure!.low).toBeLessThan(monitor.last_figure!.high);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/external/monitors/',
      headers: owner.tokenAuth,
    });
    expect(listed.json<{ results: { id: number }[] }>().results.map((m) => m.id)).toEqual([monitor.id]);

    const staff = await t.signIn('ops@murmur.test');
    expect((await post('weekly-results-monitor/', {}, owner.tokenAuth)).statusCode).toBe(403);
    // Not due yet: measured less than a week ago.
    expect((await post('weekly-results-monitor/', {}, staff.tokenAuth)).json()).toEqual({
      monitors: 0,
      mailed: 0,
    });
    t.clock.advance(7 * 24 * 60 * 60 * 1000);
    const run = await post('weekly-results-monitor/', {}, staff.tokenAuth);
    expect(run.json()).toEqual({ monitors: 1, mailed: 1 });
    const mail = t.mailer.last('watcher@example.com');
    expect(mail.subject).toContain('週間レポート');
    expect(mail.text).toContain('+0.0%');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/external/monitors/',
      headers: owner.tokenAuth,
    });
    expect(after.json<{ results: { previous_size: number | null }[] }>().results[0]!.previous_size).toBe(
      monitor.last_size,
    );

    const stranger = await t.signIn('nosy@example.com');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/external/monitors/${monitor.id}/`,
          headers: stranger.tokenAuth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/external/monitors/${monitor.id}/`,
          headers: owner.tokenAuth,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await post('monitors/', { name: 'Empty', targeting_package: {} }, owner.tokenAuth)).statusCode,
    ).toBe(400);
  });
});
