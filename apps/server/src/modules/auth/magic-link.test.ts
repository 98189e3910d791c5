import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { magicLinks, mailOutbox, users } from '../../db/schema';
import { MAGIC_LINK_RULES } from './magic-link.service';
import { codeFromMail, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function requestCode(email: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/magic-link/',
    payload: { email },
    headers,
  });
  expect(res.statusCode).toBe(200);
  const magic_code = res.json<{ magic_code: string }>().magic_code;
  return { magic_code, confirm_code: codeFromMail(t.mailer.last(email).text) };
}

const use = (payload: { magic_code: string; confirm_code: string }, url = '/api/user/magic-link/use/') =>
  t.app.inject({ method: 'POST', url, payload });

/** A wrong code of the right shape: the real one with its first character changed. */
const wrong = (code: string) => (code[0] === 'A' ? 'B' : 'A') + code.slice(1);

describe('email sign-in (SPEC §4)', () => {
  it('mails a 6-character code and signs in with it, registering the new address', async () => {
    const { magic_code, confirm_code } = await requestCode('New.Person@Example.com'.toLowerCase());
    expect(confirm_code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/);
    expect(magic_code.length).toBeGreaterThanOrEqual(40);
    const mail = t.mailer.last('new.person@example.com');
    expect(mail.subject).toContain(confirm_code);
    expect(mail.text).toContain('15 minutes');

    const res = await use({ magic_code, confirm_code });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      key: string;
      user: { email: string; language: string; memberships: unknown[] };
    }>();
    expect(body.key).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email: 'new.person@example.com', language: 'en', memberships: [] });
    const session = res.cookies.find((c) => c.name === 'murmur_session');
    const csrf = res.cookies.find((c) => c.name === 'csrftoken');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf?.httpOnly).toBeFalsy();

    const me = await t.app.inject({ url: '/api/user/me/', headers: { authorization: `Token ${body.key}` } });
    expect(me.json()).toMatchObject({ email: 'new.person@example.com' });
  });

  it('normalises the address, so the same person signs in again as the same user', async () => {
    const first = await t.signIn('again@example.com');
    const codes = await requestCode('again@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/use/',
      payload: { ...codes, confirm_code: codes.confirm_code.toLowerCase() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { id: number } }>().user.id).toBe(first.user.id);
    const upper = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/',
      payload: { email: ' AGAIN@Example.COM ' },
    });
    expect(upper.statusCode).toBe(200);
    expect(t.mailer.last('again@example.com')).toBeDefined();
  });

  it('rejects a wrong code with "Invalid login code"', async () => {
    const codes = await requestCode('wrong@example.com');
    const res = await use({ ...codes, confirm_code: wrong(codes.confirm_code) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ confirm_code: ['Invalid login code'] });
    // One wrong attempt does not kill the code.
    expect((await use(codes)).statusCode).toBe(200);
  });

  it('kills the magic code after 5 wrong attempts, even for the right code', async () => {
    const codes = await requestCode('guesser@example.com');
    for (let i = 0; i < MAGIC_LINK_RULES.maxAttempts; i++) {
      expect((await use({ ...codes, confirm_code: wrong(codes.confirm_code) })).statusCode).toBe(400);
    }
    const res = await use(codes);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ confirm_code: ['Invalid login code'] });
  });

  it('still accepts the right code on the 5th try', async () => {
    const codes = await requestCode('fumbler@example.com');
    for (let i = 1; i < MAGIC_LINK_RULES.maxAttempts; i++) {
      expect((await use({ ...codes, confirm_code: wrong(codes.confirm_code) })).statusCode).toBe(400);
    }
    expect((await use(codes)).statusCode).toBe(200);
  });

  it('counts parallel guesses too', async () => {
    const codes = await requestCode('racer@example.com');
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => use({ ...codes, confirm_code: wrong(codes.confirm_code) })),
    );
    expect(guesses.every((r) => r.statusCode === 400)).toBe(true);
    expect((await use(codes)).statusCode).toBe(400);
  });

  it('expires codes after 15 minutes', async () => {
    const codes = await requestCode('slow@example.com');
    t.clock.advance(15 * MINUTE + 1000);
    const res = await use(codes);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ confirm_code: ['Invalid login code'] });

    const fresh = await requestCode('slow@example.com');
    t.clock.advance(14 * MINUTE);
    expect((await use(fresh)).statusCode).toBe(200);
  });

  it('works once', async () => {
    const codes = await requestCode('once@example.com');
    expect((await use(codes)).statusCode).toBe(200);
    const again = await use(codes);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ confirm_code: ['Invalid login code'] });
  });

  it('treats an unknown magic code like a wrong one', async () => {
    const res = await use({ magic_code: 'not-a-real-magic-code', confirm_code: 'ABCDEF' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ confirm_code: ['Invalid login code'] });
  });

  it.each([['not-an-email'], ['a@b'], [''], ['two words@example.com']])(
    'answers %j with "Please enter a valid email address" (SPEC §5)',
    async (email) => {
      const before = t.mailer.sent.length;
      const res = await t.app.inject({ method: 'POST', url: '/api/user/magic-link/', payload: { email } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: ['Please enter a valid email address'] });
      expect(t.mailer.sent.length).toBe(before);
    },
  );

  it('answers a missing or malformed body in DRF shapes', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/user/magic-link/', payload: {} });
    expect(missing.json()).toEqual({ email: ['Please enter a valid email address'] });
    const shortCode = await use({ magic_code: 'x', confirm_code: 'ABC' });
    expect(shortCode.statusCode).toBe(400);
    expect(shortCode.json()).toEqual({ confirm_code: ['Invalid login code'] });
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/api/user/magic-link/use/',
      payload: { confirm_code: 'ABCDEF' },
    });
    expect(noCode.json()).toEqual({ magic_code: ['This field is required.'] });
  });

  it('limits requests to 5 per address per 15 minutes from one client, 20 from all', async () => {
    const email = 'flood@example.com';
    for (let i = 0; i < MAGIC_LINK_RULES.maxRequestsPerClient; i++) await requestCode(email);
    const sentBefore = t.mailer.sent.length;
    const limited = await t.app.inject({ method: 'POST', url: '/api/user/magic-link/', payload: { email } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ detail: string }>().detail).toMatch(/Too many sign-in codes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.mailer.sent.length).toBe(sentBefore);
    // Other addresses are not affected.
    await requestCode('bystander@example.com');
    // Across clients the address has a looser cap, whose window moves on.
    const from = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/magic-link/',
        payload: { email },
        remoteAddress: `192.0.2.${i + 1}`,
      });
    const statuses: number[] = [];
    for (let i = 0; i < MAGIC_LINK_RULES.maxRequests; i++) statuses.push((await from(i)).statusCode);
    const allowed = MAGIC_LINK_RULES.maxRequests - MAGIC_LINK_RULES.maxRequestsPerClient;
    expect(statuses.filter((s) => s === 200)).toHaveLength(allowed);
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await from(100)).statusCode).toBe(200);
  });

  it('writes the mail in Japanese for a browser that prefers it, and registers the user in Japanese', async () => {
    const headers = { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' };
    const session = await t.signIn('tanaka@example.jp', headers);
    expect(t.mailer.last('tanaka@example.jp').subject).toContain('ログインコード');
    expect(session.user.language).toBe('ja');
  });

  it('writes in the known user language rather than the browser language', async () => {
    const session = await t.signIn('switcher@example.com');
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      headers: session.tokenAuth,
      payload: { language: 'ja' },
    });
    await requestCode('switcher@example.com', { 'accept-language': 'en' });
    expect(t.mailer.last('switcher@example.com').subject).toContain('ログインコード');
  });

  it('updates last_login on sign-in', async () => {
    const admin = await t.signIn('lastlogin-admin@example.com');
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name: 'Last Login' },
    });
    const lastLogin = async () => {
      const res = await t.app.inject({
        url: `/api/teams/${team.json<{ id: number }>().id}/members/`,
        headers: admin.tokenAuth,
      });
      return Date.parse(res.json<{ last_login: string }[]>()[0]!.last_login);
    };
    const first = await lastLogin();
    expect(Math.abs(first - t.clock.now().getTime())).toBeLessThan(60_000);
    t.clock.advance(60 * MINUTE);
    await t.signIn('lastlogin-admin@example.com');
    expect((await lastLogin()) - first).toBeGreaterThanOrEqual(60 * MINUTE);
  });
});

describe('pro-targeting sign-in (personal magic link)', () => {
  it('signs in through /api/external/personal-magic-link/ and reads standalone-me', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/external/personal-magic-link/magic/',
      payload: { email: 'pro@example.com' },
    });
    expect(requested.statusCode).toBe(200);
    const codes = {
      magic_code: requested.json<{ magic_code: string }>().magic_code,
      confirm_code: codeFromMail(t.mailer.last('pro@example.com').text),
    };
    const wrongRes = await use(
      { ...codes, confirm_code: wrong(codes.confirm_code) },
      '/api/external/personal-magic-link/use/',
    );
    expect(wrongRes.json()).toEqual({ confirm_code: ['Invalid login code'] });
    const res = await use(codes, '/api/external/personal-magic-link/use/');
    expect(res.statusCode).toBe(200);
    const { key } = res.json<{ key: string }>();

    const me = await t.app.inject({
      url: '/api/external/standalone-me/standalone_me/',
      headers: { authorization: `Token ${key}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'pro@example.com', groups: [], social_accounts: [] });
  });

  it('answers standalone-me with 403 when signed out', async () => {
    const res = await t.app.inject({ url: '/api/external/standalone-me/standalone_me/' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('sign-in is atomic (the serving path: a crash once left a used code and no user)', () => {
  /** Makes the database refuse personal tokens, the last write of a sign-in, until `heal`. */
  async function breakTokenInserts() {
    await t.db.execute(sql`
      CREATE FUNCTION refuse_token() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await t.db.execute(sql`
      CREATE TRIGGER refuse_token BEFORE INSERT ON user_tokens FOR EACH ROW EXECUTE FUNCTION refuse_token()`);
    return async () => {
      await t.db.execute(sql`DROP TRIGGER refuse_token ON user_tokens`);
      await t.db.execute(sql`DROP FUNCTION refuse_token()`);
    };
  }

  it('a failure after the code is marked used leaves the code usable and no user behind', async () => {
    const email = 'half-way@example.com';
    const codes = await requestCode(email);
    const heal = await breakTokenInserts();
    try {
      expect((await use(codes)).statusCode).toBe(500);
    } finally {
      await heal();
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const [link] = await t.db.select().from(magicLinks).where(eq(magicLinks.email, email));
    expect(link?.usedAt).toBeNull();

    const again = await use(codes);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ user: { email } });
  });

  it('stores the code mail with the code, sealed, and sends it exactly once', async () => {
    const email = 'outbox-once@example.com';
    const before = t.mailer.sent.length;
    const { confirm_code } = await requestCode(email);
    expect(t.mailer.sent.length - before).toBe(1);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(rows).toMatchObject([{ kind: 'sign-in-code', attempts: 0, payload: null }]);
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    expect(rows[0]?.expiresAt).toBeInstanceOf(Date);
    expect(JSON.stringify(rows)).not.toContain(confirm_code);
  });

  it('answers 503 when the mail server refuses, and never mails that code later', async () => {
    const email = 'refused@example.com';
    t.mailer.failFor.add(email);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/magic-link/', payload: { email } });
      expect(res.statusCode).toBe(503);
    } finally {
      t.mailer.failFor.delete(email);
    }
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).toEqual([]);
  });
});
