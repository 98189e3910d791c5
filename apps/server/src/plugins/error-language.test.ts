import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../test/test-app';

// Server messages follow the caller's language: the signed-in user's setting, else Accept-Language,
// through the catalogue the web app also loads (@murmur/core/i18n).
let t: TestApp;
let admin: TestSession;
let teamId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('lang-boss@example.com');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: admin.tokenAuth,
    payload: { name: 'Language Co' },
  });
  teamId = res.json<{ id: number }>().id;
});
afterAll(() => t.close());

const setLanguage = (language: 'en' | 'ja') =>
  t.app.inject({ method: 'PUT', url: '/api/user/me/', headers: admin.tokenAuth, payload: { language } });
const inviteMember = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/invites/`,
    headers: { ...admin.tokenAuth, ...headers },
    payload: { emails: ['lang-boss@example.com'] },
  });

describe('server messages in the caller’s language', () => {
  it('answers a user whose setting is English in English, whatever the browser asks', async () => {
    await setLanguage('en');
    const res = await inviteMember({ 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ emails: ['lang-boss@example.com is already a member of this team.'] });
  });

  it('answers a user whose setting is Japanese in Japanese, with the variable part kept', async () => {
    await setLanguage('ja');
    const res = await inviteMember({ 'accept-language': 'en-GB' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ emails: ['lang-boss@example.com はすでにこのチームのメンバーです。'] });
    await setLanguage('en');
  });

  it('answers a signed-out caller in the Accept-Language, validation and detail messages alike', async () => {
    const ja = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      headers: { 'accept-language': 'ja,en;q=0.5' },
      payload: { email: 'not-an-email' },
    });
    expect(ja.statusCode).toBe(400);
    expect(ja.json()).toEqual({ email: ['有効なメールアドレスを入力してください'] });
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      headers: { 'accept-language': 'en-US' },
      payload: { email: 'not-an-email' },
    });
    expect(en.json()).toEqual({ email: ['Please enter a valid email address'] });

    const me = await t.app.inject({ url: '/api/user/me/', headers: { 'accept-language': 'ja' } });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ detail: 'サインインしてください。' });
  });
});
