import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../../test/oidc-test-provider';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { createOidcClient } from './oidc-client';

const CALLBACK = 'https://murmur.test/api/auth/sso/callback';

let t: TestApp;
let idp: TestOidcProvider;
let admin: TestSession;
let member: TestSession;
beforeAll(async () => {
  [t, idp] = await Promise.all([createTestApp(), startTestOidcProvider(CALLBACK)]);
  admin = await t.signIn('admin@example.com');
  member = await t.signIn('member@acme.example');
  for (const name of ['Acme', 'Beta']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await idp.close();
  await t.close();
});

const configure = (team: string, payload: object, session = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/teams/${team}/sso/`, headers: session.tokenAuth, payload });
const ssoSettings = (domains: string[], extra: object = {}) => ({
  enabled: true,
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  domains,
  level: 'member',
  ...extra,
});

/** GET start → the provider (logged in as `email`) → the callback; answers the callback's response. */
async function ssoSignIn(start: string, email: string, tamper: (callback: URL) => URL = (u) => u) {
  const started = await t.app.inject({ url: `/api/auth/sso/${start}/start` });
  expect(started.statusCode).toBe(302);
  const flow = started.cookies.find((c) => c.name === 'murmur_sso');
  expect(flow?.httpOnly).toBe(true);
  const back = tamper(await idp.signIn(started.headers.location!, email));
  expect(back.href.startsWith(CALLBACK)).toBe(true);
  return t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `murmur_sso=${flow!.value}` },
  });
}
const members = async (team: string) =>
  (await t.app.inject({ url: `/api/teams/${team}/members/`, headers: admin.tokenAuth }))
    .json<{ level: string; user: { email: string } }[]>()
    .map((m) => `${m.user.email}:${m.level}`);
const refusal = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location)).searchParams.get('sso_error');

describe('team SSO settings', () => {
  it('are for admins only, keep the secret write-only and show the callback URL', async () => {
    expect((await configure('acme', ssoSettings(['acme.example']), member)).statusCode).toBe(404);
    const saved = await configure('acme', ssoSettings(['ACME.example']));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      enabled: true,
      issuer: idp.issuer,
      domains: ['acme.example'],
      has_client_secret: true,
      callback_url: CALLBACK,
    });
    expect(saved.body).not.toContain(idp.clientSecret);
    // Kept when left out.
    const { client_secret: _kept, ...withoutSecret } = ssoSettings(['acme.example']);
    expect((await configure('acme', withoutSecret)).statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/teams/acme/sso/', headers: admin.tokenAuth });
    expect(read.json()).toMatchObject({ has_client_secret: true, level: 'member' });
    expect((await configure('beta', withoutSecret)).statusCode).toBe(400);
  });
});

describe('signing in with a team provider (a real oidc-provider)', () => {
  it('signs a new user in and adds them to the team at the chosen level', async () => {
    const res = await ssoSignIn('acme', 'jane@acme.example');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://murmur.test/');
    const session = res.cookies.find((c) => c.name === 'murmur_session');
    expect(session?.value).toBeTruthy();
    const me = await t.app.inject({
      url: '/api/user/me/',
      headers: { cookie: `murmur_session=${session!.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'jane@acme.example' });
    expect(await members('acme')).toContain('jane@acme.example:member');
    expect(await members('beta')).not.toContain('jane@acme.example:member');
  });

  it('starts from an e-mail address or domain too', async () => {
    const started = await t.app.inject({ url: '/api/auth/sso/someone@acme.example/start' });
    expect(started.headers.location).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
    const url = new URL(started.headers.location!);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const unknown = await t.app.inject({ url: '/api/auth/sso/nobody.example/start' });
    expect(refusal(unknown)).toBe('not_configured');
  });

  it('refuses an address outside the allowed domains, and unverified addresses', async () => {
    const res = await ssoSignIn('acme', 'bob@other.example');
    expect(refusal(res)).toBe('domain');
    expect(res.cookies.find((c) => c.name === 'murmur_session')).toBeUndefined();
    expect((await members('acme')).join()).not.toContain('bob@other.example');
    expect(refusal(await ssoSignIn('acme', 'unverified@acme.example'))).toBe('email_unverified');
  });

  it('refuses a state that is not the one this browser started with', async () => {
    const res = await ssoSignIn('acme', 'eve@acme.example', (u) => {
      u.searchParams.set('state', 'forged-state');
      return u;
    });
    expect(refusal(res)).toBe('state');
    expect(res.cookies.find((c) => c.name === 'murmur_session')).toBeUndefined();
    // Without the flow cookie at all.
    const started = await t.app.inject({ url: '/api/auth/sso/acme/start' });
    const back = await idp.signIn(started.headers.location!, 'eve@acme.example');
    const bare = await t.app.inject({ url: `${back.pathname}${back.search}` });
    expect(refusal(bare)).toBe('state');
    expect((await members('acme')).join()).not.toContain('eve@');
  });

  it("lets team A's provider add no one to team B", async () => {
    expect((await configure('beta', ssoSettings(['beta.example']))).statusCode).toBe(200);
    // A's provider vouches for a B address: refused by A's domains, and B is untouched.
    expect(refusal(await ssoSignIn('acme', 'carl@beta.example'))).toBe('domain');
    expect((await members('beta')).join()).not.toContain('carl@');
    // Through B's own start, the same person joins B only.
    const res = await ssoSignIn('beta', 'carl@beta.example');
    expect(res.headers.location).toBe('https://murmur.test/');
    expect(await members('beta')).toContain('carl@beta.example:member');
    expect((await members('acme')).join()).not.toContain('carl@');
  });

  it('does not take over an existing account that is not in the team', async () => {
    await t.signIn('old@acme.example');
    expect(refusal(await ssoSignIn('acme', 'old@acme.example'))).toBe('existing_account');
    expect(refusal(await ssoSignIn('acme', 'member@acme.example'))).toBe('existing_account');
    expect((await members('acme')).join()).not.toContain('old@');
    // A member (who joined by SSO before) signs in again and keeps their level.
    const again = await ssoSignIn('acme', 'jane@acme.example');
    expect(again.headers.location).toBe('https://murmur.test/');
    expect(again.cookies.find((c) => c.name === 'murmur_session')).toBeDefined();
    expect(await members('acme')).toContain('jane@acme.example:member');
  });

  it('gives the admin level when the team chose it, and records the join in the audit log', async () => {
    expect((await configure('acme', ssoSettings(['acme.example'], { level: 'admin' }))).statusCode).toBe(200);
    await ssoSignIn('acme', 'boss@acme.example');
    expect(await members('acme')).toContain('boss@acme.example:admin');
    const log = await t.app.inject({
      url: '/api/teams/acme/audit-log/?action=sso.joined',
      headers: admin.tokenAuth,
    });
    const joined = log.json<{ results: { subject: string; after: { level: string } }[] }>().results;
    expect(joined.find((e) => e.subject === 'boss@acme.example')?.after.level).toBe('admin');
    const changes = await t.app.inject({
      url: '/api/teams/acme/audit-log/?action=sso.config_changed',
      headers: admin.tokenAuth,
    });
    const latest = changes.json<{ results: { before: { level: string }; after: { level: string } }[] }>()
      .results[0]!;
    expect(latest.before.level).toBe('member');
    expect(latest.after.level).toBe('admin');
    expect(changes.body).not.toContain(idp.clientSecret);
  });
});

describe('issuers', () => {
  it('must use https in production', async () => {
    const oidc = createOidcClient({ allowHttp: false });
    const settings = { issuer: idp.issuer, clientId: 'x', clientSecret: 'y' };
    await expect(oidc.start(settings, CALLBACK)).rejects.toThrow('https');
  });
});
