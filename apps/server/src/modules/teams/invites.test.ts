import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { anyNumber, anyString } from '../../test/matchers';

let t: TestApp;
let admin: TestSession;
let team: { id: number; slug: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('boss@example.com');
  await t.app.inject({
    method: 'PUT',
    url: '/api/user/me/',
    headers: admin.tokenAuth,
    payload: { first_name: 'Bea', last_name: 'Boss' },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: admin.tokenAuth,
    payload: { name: 'Invite Co' },
  });
  team = res.json();
});
afterAll(() => t.close());

type InviteBody = {
  id: number;
  email: string;
  state: string;
  accepted: boolean;
  joined: string | null;
  last_login: string | null;
};
const invite = (
  payload: object,
  headers: Record<string, string> = admin.tokenAuth,
  ref: string | number = team.id,
) => t.app.inject({ method: 'POST', url: `/api/teams/${ref}/invites/`, headers, payload });
const accept = (code: string, headers: Record<string, string>, ref: string | number = team.id) =>
  t.app.inject({ method: 'POST', url: `/api/teams/${ref}/invites/accept/`, headers, payload: { code } });
const codeFor = (email: string) => /invite-accept\?code=([\w-]+)/.exec(t.mailer.last(email).text)![1]!;

describe('inviting (SPEC §3, §5)', () => {
  it('invites several addresses with a message; each mail carries the link and its own code', async () => {
    const res = await invite({
      emails: ['One@Example.com', 'two@example.com', 'one@example.com'],
      message: 'Join us for the spring campaign!',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<InviteBody[]>();
    expect(body.map((i) => [i.email, i.state, i.accepted])).toEqual([
      ['one@example.com', 'sent', false],
      ['two@example.com', 'sent', false],
    ]);
    expect(body[0]).toMatchObject({
      message: 'Join us for the spring campaign!',
      joined: null,
      last_login: null,
    });

    const mail = t.mailer.last('two@example.com');
    expect(mail.subject).toBe('Bea Boss invited you to join Invite Co on Murmur');
    expect(mail.text).toContain('Join us for the spring campaign!');
    expect(mail.text).toMatch(new RegExp(`https://murmur\\.test/invite-co/invite-accept\\?code=[\\w-]{40,}`));
    expect(mail.html).toContain('href="https://murmur.test/invite-co/invite-accept?code=');
    expect(codeFor('one@example.com')).not.toBe(codeFor('two@example.com'));
  });

  it('writes the mail in the inviter’s language and escapes the message in HTML', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      headers: admin.tokenAuth,
      payload: { language: 'ja' },
    });
    await invite({ emails: ['ja@example.com'], message: '<b>よろしく</b>' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/me/',
      headers: admin.tokenAuth,
      payload: { language: 'en' },
    });
    const mail = t.mailer.last('ja@example.com');
    expect(mail.subject).toContain('招待');
    expect(mail.text).toContain('<b>よろしく</b>');
    expect(mail.html).toContain('&lt;b&gt;よろしく&lt;/b&gt;');
  });

  it('keeps an invite pending when its mail cannot be sent, and still lists it', async () => {
    t.mailer.failFor.add('bounce@example.com');
    const res = await invite({ emails: ['bounce@example.com', 'fine@example.com'] });
    expect(res.statusCode).toBe(201);
    expect(res.json<InviteBody[]>().map((i) => [i.email, i.state])).toEqual([
      ['bounce@example.com', 'pending'],
      ['fine@example.com', 'sent'],
    ]);
    const list = await t.app.inject({ url: `/api/teams/${team.id}/invites/`, headers: admin.tokenAuth });
    expect(list.json<InviteBody[]>().find((i) => i.email === 'bounce@example.com')?.state).toBe('pending');
  });

  it('validates the addresses', async () => {
    const bad = await invite({ emails: ['ok@example.com', 'not-an-email'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ emails: ['Please enter a valid email address'] });
    expect((await invite({ emails: [] })).json()).toEqual({ emails: ['Enter at least one email address'] });
    expect((await invite({ message: 'hi' })).json()).toEqual({ emails: ['This field is required.'] });
    const many = await invite({ emails: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`) });
    expect(many.statusCode).toBe(400);
  });

  it('refuses to invite someone who is already a member', async () => {
    const res = await invite({ emails: ['boss@example.com'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ emails: ['boss@example.com is already a member of this team.'] });
  });
});

describe('accepting', () => {
  it('joins the signed-in user as member with the code, once', async () => {
    await invite({ emails: ['newbie@example.com'] });
    const code = codeFor('newbie@example.com');
    const newbie = await t.signIn('newbie@example.com');

    const res = await accept(code, newbie.tokenAuth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: team.id, slug: 'invite-co', member_count: 2 });

    const me = await t.app.inject({ url: '/api/user/me/', headers: newbie.tokenAuth });
    expect(me.json<{ memberships: unknown[] }>().memberships).toEqual([
      {
        id: anyNumber,
        level: 'member',
        team: { id: team.id, name: 'Invite Co', slug: 'invite-co' },
      },
    ]);

    const again = await accept(code, newbie.tokenAuth);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'This invitation is invalid or has already been used.' });
    const other = await t.signIn('other@example.com');
    expect((await accept(code, other.tokenAuth)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/teams/${team.id}/`, headers: other.tokenAuth })).statusCode).toBe(
      404,
    );
  });

  it('shows joined and last login of the accepted user in the invite list', async () => {
    const list = await t.app.inject({ url: `/api/teams/${team.slug}/invites/`, headers: admin.tokenAuth });
    const accepted = list.json<InviteBody[]>().find((i) => i.email === 'newbie@example.com')!;
    expect(accepted.accepted).toBe(true);
    expect(accepted.joined).toEqual(anyString);
    expect(accepted.last_login).toEqual(anyString);
    expect(list.json<InviteBody[]>().find((i) => i.email === 'two@example.com')).toMatchObject({
      accepted: false,
      joined: null,
    });
  });

  it('does not duplicate a membership when a member accepts a second invitation', async () => {
    await invite({ emails: ['twice@example.com'] });
    const first = codeFor('twice@example.com');
    await invite({ emails: ['twice@example.com'] }).then((r) => expect(r.statusCode).toBe(201));
    const second = codeFor('twice@example.com');
    const twice = await t.signIn('twice@example.com');
    expect((await accept(first, twice.tokenAuth)).statusCode).toBe(200);
    const res = await accept(second, twice.tokenAuth);
    expect(res.statusCode).toBe(200);
    const members = await t.app.inject({ url: `/api/teams/${team.id}/members/`, headers: admin.tokenAuth });
    expect(
      members.json<{ user: { email: string } }[]>().filter((m) => m.user.email === 'twice@example.com'),
    ).toHaveLength(1);
  });

  it('needs a code issued for this team', async () => {
    const otherTeam = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name: 'Elsewhere' },
    });
    await invite({ emails: ['wanderer@example.com'] }, admin.tokenAuth, otherTeam.json<{ id: number }>().id);
    const code = codeFor('wanderer@example.com');
    const wanderer = await t.signIn('wanderer@example.com');
    expect((await accept(code, wanderer.tokenAuth)).statusCode).toBe(404);
    expect((await accept('made-up-code', wanderer.tokenAuth)).statusCode).toBe(404);
    expect((await accept(code, wanderer.tokenAuth, 'no-such-team')).statusCode).toBe(404);
    expect((await accept(code, wanderer.tokenAuth, 'elsewhere')).statusCode).toBe(200);
  });

  it('needs a signed-in user and a code', async () => {
    expect((await accept('whatever', {})).statusCode).toBe(403);
    const someone = await t.signIn('someone@example.com');
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${team.id}/invites/accept/`,
      headers: someone.tokenAuth,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: ['This field is required.'] });
  });
});

describe('who may invite', () => {
  it('plain members may read invites but not send them', async () => {
    const newbie = await t.signIn('newbie@example.com');
    expect(
      (await t.app.inject({ url: `/api/teams/${team.id}/invites/`, headers: newbie.tokenAuth })).statusCode,
    ).toBe(200);
    const sentBefore = t.mailer.sent.length;
    const res = await invite({ emails: ['friend@example.com'] }, newbie.tokenAuth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect(t.mailer.sent.length).toBe(sentBefore);
  });

  it('needs a CSRF header with cookie authentication', async () => {
    const res = await invite({ emails: ['csrf@example.com'] }, { cookie: admin.cookieAuth.cookie });
    expect(res.statusCode).toBe(403);
    expect((await invite({ emails: ['csrf@example.com'] }, admin.cookieAuth)).statusCode).toBe(201);
  });
});
