import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@murmur/core/api';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { isInternalStaff } from './staff.service';

let t: TestApp;
let staff: TestSession;
let ann: TestSession;
beforeAll(async () => {
  t = await createTestApp({ staffEmailDomains: ['murmur.example'] });
  staff = await t.signIn('ops@murmur.example');
  ann = await t.signIn('ann@example.com');
});
afterAll(() => t.close());

const change = (who: TestSession, payload: object, remove = false) =>
  t.app.inject({
    method: 'POST',
    url: remove ? '/api/staff/user-groups/remove/' : '/api/staff/user-groups/',
    headers: who.tokenAuth,
    payload,
  });
const groupsOf = async (who: TestSession) =>
  (await t.app.inject({ url: '/api/user/me/', headers: who.tokenAuth })).json<User>().groups;

describe('internal staff (SPEC §6)', () => {
  it('are recognised by the address domain, subdomains included', () => {
    expect(isInternalStaff('ops@murmur.example', ['murmur.example'])).toBe(true);
    expect(isInternalStaff('ops@eu.murmur.example', ['murmur.example'])).toBe(true);
    expect(isInternalStaff('ops@evilmurmur.example', ['murmur.example'])).toBe(false);
    expect(isInternalStaff('ops@murmur.example', [])).toBe(false);
  });

  it('put a user in the Audience_creator group and take them out; /api/user/me/ shows it at once', async () => {
    expect(await groupsOf(ann)).toEqual([]);
    const res = await change(staff, { email: 'ANN@example.com', group: 'Audience_creator' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: ann.user.id,
      email: 'ann@example.com',
      groups: [{ name: 'Audience_creator' }],
    });
    expect(await groupsOf(ann)).toEqual([{ name: 'Audience_creator' }]);
    // Again: nothing changes.
    expect((await change(staff, { email: 'ann@example.com', group: 'Audience_creator' })).statusCode).toBe(
      200,
    );
    const out = await change(staff, { email: 'ann@example.com', group: 'Audience_creator' }, true);
    expect(out.json()).toMatchObject({ groups: [] });
    expect(await groupsOf(ann)).toEqual([]);
  });

  it('refuses everyone else (403), unknown users (404) and unknown groups (400)', async () => {
    const self = await change(ann, { email: 'ann@example.com', group: 'Audience_creator' });
    expect([self.statusCode, self.json()]).toEqual([
      403,
      { detail: 'You do not have permission to perform this action.' },
    ]);
    expect(await groupsOf(ann)).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/staff/user-groups/',
      payload: { email: 'ann@example.com', group: 'Audience_creator' },
    });
    expect(anonymous.statusCode).toBe(403);
    const nobody = await change(staff, { email: 'nobody@example.com', group: 'Audience_creator' });
    expect([nobody.statusCode, nobody.json()]).toEqual([404, { detail: 'No user has this email address.' }]);
    const bad = await change(staff, { email: 'ann@example.com', group: 'Admins' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['group']);
  });

  it('tell the web who is staff, and let staff look a user up by address', async () => {
    const access = (who?: TestSession) =>
      t.app.inject({ url: '/api/staff/access/', ...(who && { headers: who.tokenAuth }) });
    expect((await access(staff)).json()).toEqual({ staff: true });
    expect((await access(ann)).json()).toEqual({ staff: false });
    expect((await access()).statusCode).toBe(403);

    const lookUp = (who: TestSession, email: string) =>
      t.app.inject({
        url: `/api/staff/user-groups/?email=${encodeURIComponent(email)}`,
        headers: who.tokenAuth,
      });
    await change(staff, { email: 'ann@example.com', group: 'Audience_creator' });
    const found = await lookUp(staff, ' Ann@Example.com ');
    expect([found.statusCode, found.json()]).toEqual([
      200,
      { id: ann.user.id, email: 'ann@example.com', groups: [{ name: 'Audience_creator' }] },
    ]);
    await change(staff, { email: 'ann@example.com', group: 'Audience_creator' }, true);
    expect((await lookUp(staff, 'ann@example.com')).json()).toMatchObject({ groups: [] });
    expect((await lookUp(ann, 'ann@example.com')).statusCode).toBe(403);
    expect((await lookUp(staff, 'nobody@example.com')).statusCode).toBe(404);
    const bad = await t.app.inject({ url: '/api/staff/user-groups/', headers: staff.tokenAuth });
    expect([bad.statusCode, Object.keys(bad.json<object>())]).toEqual([400, ['email']]);
  });
});
