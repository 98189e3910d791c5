import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, uploadedAudiences } from '../../db/schema';
import { seedAdAccounts, seedGroup } from '../../test/seed';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';

/**
 * docs/API.md "Team lifecycle": members removed, promoted, demoted, leaving; invitations that
 * expire, are bound to their address, withdrawn and sent again; a team handed over and deleted.
 */

let t: TestApp;
/** Teams through the API, members through real invitations, configs through the API. */
const kit = {
  async createTeam(admin: TestSession, name: string): Promise<Team> {
    const res = await call(admin, 'POST', '/api/teams/', { name });
    expect(res.statusCode).toBe(201);
    return res.json<Team>();
  },
  async join(team: Team, admin: TestSession, who: TestSession) {
    await call(admin, 'POST', `/api/teams/${team.id}/invites/`, { emails: [who.user.email] });
    expect((await accept(team, who, codeFor(who.user.email))).statusCode).toBe(200);
  },
  async createConfig(who: TestSession, body: object): Promise<{ id: number }> {
    const res = await call(who, 'POST', '/api/audience-configs/', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>();
  },
};
let ann: TestSession; // admin
let bob: TestSession; // member
type Team = { id: number; slug: string };
type MemberBody = { id: number; level: string; user: { email: string } };
type InviteBody = { id: number; email: string; expires: string; expired: boolean; accepted: boolean };
const soccer = { interests: [{ label: 'Sports/Soccer' }] };

beforeAll(async () => {
  t = await createTestApp({}, { engine: (await testNetwork()).holder });
  ann = await t.signIn('ann@example.com');
  bob = await t.signIn('bob@example.com');
  for (const who of [ann, bob]) await seedGroup(t.db, who.user.id, AUDIENCE_CREATOR_GROUP);
});
afterAll(() => t.close());

const call = (who: TestSession, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.tokenAuth, ...(payload && { payload }) });
const members = async (team: Team) =>
  (await call(ann, 'GET', `/api/teams/${team.id}/members/`)).json<MemberBody[]>();
const memberOf = async (team: Team, who: TestSession) =>
  (await members(team)).find((m) => m.user.email === who.user.email)!;
const codeFor = (email: string) => /invite-accept\?code=([\w-]+)/.exec(t.mailer.last(email).text)![1]!;
const accept = (team: Team, who: TestSession, code: string) =>
  call(who, 'POST', `/api/teams/${team.id}/invites/accept/`, { code });
const feed = async (team: Team, who: TestSession = ann) =>
  (await call(who, 'GET', `/api/teams/${team.slug}/events/`)).json<{
    results: { kind: string; subject: string }[];
  }>().results;

describe('members', () => {
  let team: Team;
  beforeAll(async () => {
    team = await kit.createTeam(ann, 'Crew');
    await kit.join(team, ann, bob);
  });

  it('plain members cannot remove or promote anyone', async () => {
    const annId = (await memberOf(team, ann)).id;
    expect((await call(bob, 'DELETE', `/api/teams/${team.id}/members/${annId}/`)).statusCode).toBe(403);
    const res = await call(bob, 'PATCH', `/api/teams/${team.id}/members/${annId}/`, { level: 'member' });
    expect(res.statusCode).toBe(403);
    expect((await memberOf(team, ann)).level).toBe('admin');
  });

  it('the last admin cannot step down or leave', async () => {
    const annId = (await memberOf(team, ann)).id;
    const demote = await call(ann, 'PATCH', `/api/teams/${team.id}/members/${annId}/`, { level: 'member' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({
      non_field_errors: [
        'A team needs at least one admin: make another member admin first, or delete the team.',
      ],
    });
    expect((await call(ann, 'POST', `/api/teams/${team.slug}/leave/`)).statusCode).toBe(400);
    expect((await call(ann, 'DELETE', `/api/teams/${team.id}/members/${annId}/`)).statusCode).toBe(400);
    expect((await memberOf(team, ann)).level).toBe('admin');
  });

  it('an admin promotes a member, who may then invite', async () => {
    const bobId = (await memberOf(team, bob)).id;
    const res = await call(ann, 'PATCH', `/api/teams/${team.slug}/members/${bobId}/`, { level: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bobId, level: 'admin', user: { email: 'bob@example.com' } });
    const invite = await call(bob, 'POST', `/api/teams/${team.id}/invites/`, { emails: ['c@example.com'] });
    expect(invite.statusCode).toBe(201);
    expect((await feed(team))[1]).toMatchObject({
      kind: 'member_level_changed',
      subject: 'bob@example.com → admin',
    });
  });

  it('a removed member keeps their account and session, loses the team and the grants they made; their audiences and uploads stay with the team', async () => {
    await seedAdAccounts(t.db, bob.user.id, [{ id: 'bob-ads', name: 'Bob Ads' }]);
    const bobId = (await memberOf(team, bob)).id;
    const grant = await call(bob, 'POST', '/api/user/granted-accounts/', {
      member: bobId,
      account: { account_id: 'bob-ads', network: 'twitter' },
    });
    expect(grant.statusCode).toBe(201);
    const audience = await kit.createConfig(bob, {
      name: 'Bob for Crew',
      targeting_package: soccer,
      team: team.slug,
    });

    // An upload Bob made for the team (its X side is not what is tested here, so it is written as done).
    const [upload] = await t.db
      .insert(uploadedAudiences)
      .values({
        audienceConfigId: audience.id,
        teamId: team.id,
        userId: bob.user.id,
        accountId: 'bob-ads',
        accountName: 'Bob Ads',
        customAudienceId: 'ca-bob',
        name: 'Bob for Crew',
        state: 'ready',
        targetable: true,
        uploadedCount: 1,
      })
      .returning({ id: uploadedAudiences.id });
    const uploadUrl = `/api/uploaded-audiences/${upload!.id}/`;
    expect((await call(bob, 'GET', uploadUrl)).statusCode).toBe(200);

    const res = await call(ann, 'DELETE', `/api/teams/${team.id}/members/${bobId}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bobId, user: { email: 'bob@example.com' } });

    expect((await call(bob, 'GET', `/api/teams/${team.id}/`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/api/audience-configs/${audience.id}/`)).statusCode).toBe(404);
    const me = await call(bob, 'GET', '/api/user/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json<{ memberships: unknown[] }>().memberships).toEqual([]);
    expect((await call(ann, 'GET', `/api/audience-configs/${audience.id}/`)).json()).toMatchObject({
      name: 'Bob for Crew',
    });
    expect((await call(ann, 'GET', `/api/teams/${team.id}/accounts/`)).json()).toEqual([]);
    expect((await call(bob, 'GET', uploadUrl)).statusCode).toBe(404);
    expect((await call(ann, 'GET', uploadUrl)).json()).toMatchObject({
      id: upload!.id,
      name: 'Bob for Crew',
    });
    const listed = await call(ann, 'GET', `/api/uploaded-audiences/?team=${team.slug}`);
    expect(listed.json<{ id: number }[]>().map((u) => u.id)).toContain(upload!.id);
    expect((await feed(team))[0]).toMatchObject({ kind: 'member_removed', subject: 'bob@example.com' });
    expect((await call(ann, 'DELETE', `/api/teams/${team.id}/members/${bobId}/`)).statusCode).toBe(404);
  });

  it('a member leaves; an admin leaves once another admin remains', async () => {
    const crew = await kit.createTeam(ann, 'Leavers');
    await kit.join(crew, ann, bob);
    const left = await call(bob, 'POST', `/api/teams/${crew.slug}/leave/`);
    expect(left.statusCode).toBe(200);
    expect((await call(bob, 'GET', `/api/teams/${crew.id}/`)).statusCode).toBe(404);
    expect((await feed(crew))[0]).toMatchObject({ kind: 'member_left', subject: 'Leavers' });

    await kit.join(crew, ann, bob);
    const bobId = (await memberOf(crew, bob)).id;
    await call(ann, 'PATCH', `/api/teams/${crew.id}/members/${bobId}/`, { level: 'admin' });
    expect((await call(ann, 'POST', `/api/teams/${crew.id}/leave/`)).statusCode).toBe(200);
    const remaining = (await call(bob, 'GET', `/api/teams/${crew.id}/members/`)).json<MemberBody[]>();
    expect(remaining.map((m) => [m.user.email, m.level])).toEqual([['bob@example.com', 'admin']]);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const duo = await kit.createTeam(ann, 'Duo');
    await kit.join(duo, ann, bob);
    const [annId, bobId] = [(await memberOf(duo, ann)).id, (await memberOf(duo, bob)).id];
    await call(ann, 'PATCH', `/api/teams/${duo.id}/members/${bobId}/`, { level: 'admin' });
    const answers = await Promise.all([
      call(ann, 'PATCH', `/api/teams/${duo.id}/members/${bobId}/`, { level: 'member' }),
      call(bob, 'PATCH', `/api/teams/${duo.id}/members/${annId}/`, { level: 'member' }),
    ]);
    // One wins; the other is refused (400 last admin, or 403 when it was already demoted).
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([400, 403]).toContain(codes[1]);
    expect((await members(duo)).filter((m) => m.level === 'admin')).toHaveLength(1);
  });
});

describe('handing over and deleting a team', () => {
  it('an admin hands the team to a member and becomes a member', async () => {
    const team = await kit.createTeam(ann, 'Handover');
    await kit.join(team, ann, bob);
    const bobId = (await memberOf(team, bob)).id;
    expect((await call(bob, 'POST', `/api/teams/${team.id}/transfer/`, { member: bobId })).statusCode).toBe(
      403,
    );
    const self = await call(ann, 'POST', `/api/teams/${team.id}/transfer/`, {
      member: (await memberOf(team, ann)).id,
    });
    expect(self.statusCode).toBe(400);
    const res = await call(ann, 'POST', `/api/teams/${team.id}/transfer/`, { member: bobId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bobId, level: 'admin' });
    expect((await memberOf(team, ann)).level).toBe('member');
    expect((await call(ann, 'POST', `/api/teams/${team.id}/transfer/`, { member: bobId })).statusCode).toBe(
      403,
    );
    expect((await feed(team, bob))[0]).toMatchObject({
      kind: 'team_transferred',
      subject: 'bob@example.com',
    });
  });

  it('only an admin deletes a team, and not while a subscription runs', async () => {
    const team = await kit.createTeam(ann, 'Doomed');
    await kit.join(team, ann, bob);
    const audience = await kit.createConfig(ann, {
      name: 'Doomed list',
      targeting_package: soccer,
      team: team.slug,
    });
    expect((await call(bob, 'DELETE', `/api/teams/${team.id}/`, { name: 'Doomed' })).statusCode).toBe(403);
    const unconfirmed = await call(ann, 'DELETE', `/api/teams/${team.id}/`, { name: 'Doom' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({ name: ["Type the team's name exactly to delete it."] });

    await t.db
      .insert(subscriptions)
      .values({ teamId: team.id, start: new Date(), active: true, planName: 'Team' });
    const billed = await call(ann, 'DELETE', `/api/teams/${team.id}/`, { name: 'Doomed' });
    expect(billed.statusCode).toBe(400);
    expect(billed.json()).toEqual({
      non_field_errors: ["Cancel the team's subscription before deleting the team."],
    });
    await t.db.delete(subscriptions);

    expect((await call(ann, 'DELETE', `/api/teams/${team.slug}/`, { name: ' doomed ' })).statusCode).toBe(
      204,
    );
    expect((await call(ann, 'GET', `/api/teams/${team.id}/`)).statusCode).toBe(404);
    expect((await call(ann, 'GET', `/api/audience-configs/${audience.id}/`)).statusCode).toBe(404);
    const me = await call(bob, 'GET', '/api/user/me/');
    expect(
      me.json<{ memberships: { team: { id: number } }[] }>().memberships.map((m) => m.team.id),
    ).not.toContain(team.id);
  });
});

describe('invitations', () => {
  let team: Team;
  beforeAll(async () => {
    team = await kit.createTeam(ann, 'Inviters');
  });
  const invite = async (email: string) => {
    const res = await call(ann, 'POST', `/api/teams/${team.id}/invites/`, { emails: [email] });
    expect(res.statusCode).toBe(201);
    return res.json<InviteBody[]>()[0]!;
  };

  it('works only for the address it was sent to', async () => {
    await invite('carol@example.com');
    const code = codeFor('carol@example.com');
    const res = await accept(team, bob, code);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail:
        'This invitation was sent to another email address. Sign in with the address it was sent to, or ask a team admin to invite you.',
    });
    expect((await call(bob, 'GET', `/api/teams/${team.id}/`)).statusCode).toBe(404);
    const carol = await t.signIn('Carol@Example.com');
    expect((await accept(team, carol, code)).statusCode).toBe(200);
  });

  it('expires after seven days', async () => {
    const sent = await invite('dan@example.com');
    const sentAt = Date.now();
    expect(new Date(sent.expires).getTime() - sentAt).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(sent.expired).toBe(false);
    const code = codeFor('dan@example.com');
    const dan = await t.signIn('dan@example.com');
    t.clock.advance(7 * 24 * 3600_000 + 60_000);
    try {
      const res = await accept(team, dan, code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: ['This invitation has expired. Ask a team admin to send it again.'],
      });
      const list = (await call(ann, 'GET', `/api/teams/${team.id}/invites/`)).json<InviteBody[]>();
      expect(list.find((i) => i.id === sent.id)?.expired).toBe(true);

      const resent = await call(ann, 'POST', `/api/teams/${team.id}/invites/${sent.id}/resend/`);
      expect(resent.statusCode).toBe(200);
      expect(resent.json<InviteBody>()).toMatchObject({ email: 'dan@example.com', expired: false });
      const fresh = codeFor('dan@example.com');
      expect(fresh).not.toBe(code);
      expect((await accept(team, dan, code)).statusCode).toBe(404);
      expect((await accept(team, dan, fresh)).statusCode).toBe(200);
      expect(await feed(team)).toContainEqual(
        expect.objectContaining({ kind: 'invite_resent', subject: 'dan@example.com' }),
      );
    } finally {
      t.clock.advance(-(7 * 24 * 3600_000 + 60_000));
    }
  });

  it('an admin withdraws an invitation; its code stops working', async () => {
    const sent = await invite('erin@example.com');
    const code = codeFor('erin@example.com');
    const erin = await t.signIn('erin@example.com');
    const carol = await t.signIn('carol@example.com');
    expect((await call(carol, 'DELETE', `/api/teams/${team.id}/invites/${sent.id}/`)).statusCode).toBe(403);
    expect((await call(ann, 'DELETE', `/api/teams/${team.id}/invites/${sent.id}/`)).statusCode).toBe(204);
    expect((await accept(team, erin, code)).statusCode).toBe(404);
    expect((await call(ann, 'DELETE', `/api/teams/${team.id}/invites/${sent.id}/`)).statusCode).toBe(404);
    expect((await call(ann, 'POST', `/api/teams/${team.id}/invites/${sent.id}/resend/`)).statusCode).toBe(
      404,
    );
    expect(await feed(team)).toContainEqual(
      expect.objectContaining({ kind: 'invite_revoked', subject: 'erin@example.com' }),
    );
  });

  it('an accepted invitation is neither withdrawn nor sent again', async () => {
    const accepted = (await call(ann, 'GET', `/api/teams/${team.id}/invites/`))
      .json<InviteBody[]>()
      .find((i) => i.email === 'carol@example.com' && i.accepted)!;
    const revoke = await call(ann, 'DELETE', `/api/teams/${team.id}/invites/${accepted.id}/`);
    expect(revoke.statusCode).toBe(400);
    expect(revoke.json()).toEqual({
      non_field_errors: ['This invitation was accepted: remove the member instead.'],
    });
    expect((await call(ann, 'POST', `/api/teams/${team.id}/invites/${accepted.id}/resend/`)).statusCode).toBe(
      400,
    );
  });

  it("another team's invitation is not found", async () => {
    const sent = await invite('frank@example.com');
    const other = await kit.createTeam(bob, 'Elsewhere');
    expect((await call(bob, 'DELETE', `/api/teams/${other.id}/invites/${sent.id}/`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/api/teams/${other.id}/invites/${sent.id}/resend/`)).statusCode).toBe(
      404,
    );
  });
});
