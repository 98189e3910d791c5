import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditList } from '@murmur/core/api';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { CSV_PAGE } from './audit.service';

let t: TestApp;
let admin: TestSession;
let member: TestSession;
let otherAdmin: TestSession;
let memberId: number;
const ADMIN_IP = '203.0.113.7';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@example.com');
  member = await t.signIn('member@example.com');
  otherAdmin = await t.signIn('other@example.com');
  for (const [who, name] of [
    [admin, 'Acme'],
    [otherAdmin, 'Other'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: who.tokenAuth,
      payload: { name },
    });
    expect(res.statusCode).toBe(201);
  }
  // The member joins through a real invitation.
  await invite(['member@example.com']);
  const code = /code=([\w-]+)/.exec(t.mailer.last('member@example.com').text)![1]!;
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/api/teams/acme/invites/accept/',
    headers: member.tokenAuth,
    payload: { code },
  });
  expect(accepted.statusCode).toBe(200);
  const members = await t.app.inject({ url: '/api/teams/acme/members/', headers: admin.tokenAuth });
  memberId = members
    .json<{ id: number; user: { email: string } }[]>()
    .find((m) => m.user.email === 'member@example.com')!.id;
});
afterAll(() => t.close());

async function invite(emails: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams/acme/invites/',
    headers: admin.tokenAuth,
    remoteAddress: ADMIN_IP,
    payload: { emails },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}
const read = (query = '', session = admin, team = 'acme') =>
  t.app.inject({ url: `/api/teams/${team}/audit-log/${query}`, headers: session.tokenAuth });
const entries = async (query = '') => {
  const res = await read(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditList>().results;
};

describe('the audit log', () => {
  it('records a level change with actor, IP and before/after', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/acme/members/${memberId}/`,
      headers: admin.tokenAuth,
      remoteAddress: ADMIN_IP,
      payload: { level: 'admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await entries('?action=member.level_changed');
    expect(entry).toMatchObject<Partial<AuditEntry>>({
      action: 'member.level_changed',
      actor: { id: admin.user.id, email: 'admin@example.com' },
      ip: ADMIN_IP,
      subject: 'member@example.com',
      before: expect.objectContaining({ level: 'member', email: 'member@example.com' }),
      after: { level: 'admin', email: 'member@example.com' },
    });
  });

  it('records invitations and joins', async () => {
    await invite(['new@example.com']);
    const invites = await entries('?action=invite.created');
    expect(invites.map((e) => e.subject)).toContain('new@example.com');
    expect(invites[0]).toMatchObject({ ip: ADMIN_IP, after: { emails: ['new@example.com'] } });
    expect((await entries('?action=invite.accepted'))[0]).toMatchObject({
      actor: { email: 'member@example.com' },
    });
  });

  it('searches by text, action, actor and time', async () => {
    expect((await entries('?q=new@example')).every((e) => JSON.stringify(e).includes('new@example'))).toBe(
      true,
    );
    expect((await entries('?q=new@example')).length).toBeGreaterThan(0);
    expect(await entries('?q=nothing-like-this')).toEqual([]);
    expect((await entries('?actor=member@')).every((e) => e.actor.email === 'member@example.com')).toBe(true);
    expect((await entries('?actor=member@')).length).toBeGreaterThan(0);
    const now = t.clock.now();
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(await entries(`?from=${tomorrow}`)).toEqual([]);
    expect((await entries(`?to=${tomorrow}`)).length).toBeGreaterThan(2);
    const page = await read('?limit=1&offset=1');
    expect(page.json<AuditList>().results).toHaveLength(1);
    expect(page.json<AuditList>().count).toBeGreaterThan(2);
    expect((await read('?from=yesterday')).statusCode).toBe(400);
  });

  it('exports CSV with escaping and formula protection', async () => {
    await invite(['-2+3@example.com']);
    const res = await t.app.inject({ url: '/api/teams/acme/audit-log.csv', headers: admin.tokenAuth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('time,actor,ip,action,subject,before,after');
    const row = lines.find((l) => l.includes('-2+3@example.com'))!;
    // The subject cannot run as a formula; the JSON after (quotes, a comma-free array) is quoted.
    expect(row).toContain(",'-2+3@example.com,");
    expect(row).toContain('"{""emails"":[""-2+3@example.com""]}"');
    const filtered = await t.app.inject({
      url: '/api/teams/acme/audit-log.csv?action=member.level_changed',
      headers: admin.tokenAuth,
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('exports every entry, past the pages it reads, each once (several in the same instant)', async () => {
    // A team of its own, so that the other tests' logs stay as they were.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: otherAdmin.tokenAuth,
      payload: { name: 'Bulk' },
    });
    const teamId = made.json<{ id: number }>().id;
    const at = new Date('2026-01-02T03:04:05Z');
    // More than the 10,000 rows the export once stopped at, over eleven pages.
    const count = CSV_PAGE * 10 + 345;
    // Three entries share each instant, so a page may end inside a run of equal times; and the times
    // are microseconds apart, finer than a JavaScript Date, so the cursor must keep the database's.
    const rows = Array.from({ length: count }, (_, i) => ({
      teamId,
      action: 'test.bulk',
      subject: `bulk-${i}`,
      created: sql`${at.toISOString()}::timestamptz + make_interval(secs => ${Math.floor(i / 3) / 1_000_000})`,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.db
        .insert(auditLog)
        .values(rows.slice(i, i + 500) as unknown as (typeof auditLog.$inferInsert)[]);
    }
    const res = await t.app.inject({
      url: '/api/teams/bulk/audit-log.csv?action=test.bulk',
      headers: otherAdmin.tokenAuth,
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('time,actor,ip,action,subject,before,after');
    const subjects = lines.slice(1).map((l) => l.split(',')[4]);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    // Newest first.
    expect(subjects[0]).toBe(`bulk-${count - 1}`);
    expect(lines[1]! > lines[lines.length - 1]!).toBe(true);
  });

  it('is for the team admins only', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: `/api/teams/acme/members/${memberId}/`,
      headers: admin.tokenAuth,
      payload: { level: 'member' },
    });
    expect((await read('', member)).statusCode).toBe(403);
    expect((await read('', otherAdmin)).statusCode).toBe(404);
    const csv = await t.app.inject({ url: '/api/teams/acme/audit-log.csv', headers: otherAdmin.tokenAuth });
    expect(csv.statusCode).toBe(404);
    expect((await read('', otherAdmin, 'other')).json<AuditList>().results).toEqual([]);
    expect((await t.app.inject({ url: '/api/teams/acme/audit-log/' })).statusCode).toBe(403);
  });

  it('has no route that changes or deletes entries', async () => {
    const [entry] = await entries();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/teams/acme/audit-log/', `/api/teams/acme/audit-log/${entry!.id}/`]) {
        const res = await t.app.inject({ method, url, headers: admin.tokenAuth, payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      }
    }
    expect((await entries()).find((e) => e.id === entry!.id)).toEqual(entry);
  });
});
