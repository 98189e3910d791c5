import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { testNetwork } from '../test/test-engine';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('/metrics', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    const { holder } = await testNetwork();
    t = await createTestApp({ metricsToken: TOKEN }, { engine: holder });
    off = await createTestApp({}, { engine: holder });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('is 404 without the bearer token, with a wrong one, and when no token is configured', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(404);
    const unset = await off.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(unset.statusCode).toBe(404);
  });

  it('refuses in the browser’s language, like every other 404', async () => {
    const ja = { 'accept-language': 'ja-JP,ja;q=0.9' };
    expect((await t.app.inject({ url: '/metrics', headers: ja })).json()).toEqual({
      detail: '見つかりません。',
    });
    const unset = await off.app.inject({ url: '/metrics', headers: ja });
    expect(unset.json()).toEqual({ detail: '見つかりません。' });
    expect((await t.app.inject({ url: '/metrics' })).json()).toEqual({ detail: 'Not found.' });
  });

  it('counts requests by route pattern and status, not by URL', async () => {
    await t.app.inject({ url: '/api/engine/status/' });
    await t.app.inject({ url: '/api/no-such-thing/' });
    await t.app.inject({ url: '/api/teams/12345/' });
    const body = await scrape();
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/engine\/status\/",status="200"\} 1/,
    );
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\(no route\)",status="404"\} 1/,
    );
    expect(body).not.toContain('/api/teams/12345/');
  });

  it('counts 429 rejections by route', async () => {
    // Sign-in codes are limited to 5 per address and 15 minutes (docs/API.md "Limits").
    const codes = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/magic-link/',
        payload: { email: 'limited@example.com' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toContain(429);
    expect(await scrape()).toMatch(
      /murmur_rate_limit_rejections_total\{route="\/api\/user\/magic-link\/"\} [1-9]/,
    );
  });

  it('reports the engine, the job queue and the mail outbox', async () => {
    await t.signIn('outbox@example.com');
    const body = await scrape();
    expect(body).toMatch(/^murmur_engine_ready 1$/m);
    expect(body).toMatch(/^murmur_engine_records_loaded 3000$/m);
    expect(body).toMatch(/^murmur_jobs\{state="queued"\} 0$/m);
    expect(body).toMatch(/^murmur_mail_outbox_pending \d+$/m);
    expect(body).toMatch(/^murmur_mail_outbox_oldest_age_seconds [\d.e+-]+$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});
