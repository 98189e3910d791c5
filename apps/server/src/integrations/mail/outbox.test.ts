import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, mailOutbox, teams } from '../../db/schema';
import { createCapturingMailer } from '../../test/capturing-mailer';
import { buildSiblingApp } from '../../test/sibling-app';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Mail, Mailer } from './mailer';
import { createMailOutbox, OUTBOX_RULES } from './outbox';
import { createOutboxRepository } from './outbox.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mail = (to: string, text = 'hello'): Mail => ({ to, subject: 'Subject', text });
const rowsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

/** An outbox on the test database; `mailer` defaults to the app's capturing one. */
function outboxWith(mailer: Mailer = t.mailer) {
  return createMailOutbox({
    outboxRepository: createOutboxRepository(t.db),
    mailer,
    clock: t.clock,
    secret: t.config.sessionSecret,
    log: t.app.log,
  });
}

/** A pending invite of a fresh team, for rows that must mark their invite sent. */
async function pendingInvite(email: string): Promise<number> {
  const [team] = await t.db
    .insert(teams)
    .values({ name: email, slug: `t-${email.replace(/\W/g, '-')}`, created: new Date() })
    .returning();
  const [invite] = await t.db
    .insert(invites)
    .values({
      teamId: team!.id,
      email,
      codeHash: `hash-${email}`,
      created: new Date(),
      expiresAt: new Date(),
    })
    .returning();
  return invite!.id;
}

describe('mail outbox', () => {
  it('delivers at start-up a mail that a crashed process left unsent, and marks its invite sent', async () => {
    const to = 'left-behind@example.com';
    const inviteId = await pendingInvite(to);
    // The "crashed" process: the mail was committed with its invite, but never sent.
    await outboxWith().enqueue(createOutboxRepository(t.db), mail(to, 'the invitation'), {
      kind: 'invitation',
      inviteId,
    });
    t.clock.advance(OUTBOX_RULES.leaseMs); // its lease runs out
    const restarted = await buildSiblingApp(t);
    try {
      await expect.poll(() => t.mailer.sent.filter((m) => m.to === to).length).toBe(1);
      await expect.poll(async () => (await rowsTo(to))[0]?.sentAt).toBeInstanceOf(Date);
      const [invite] = await t.db.select().from(invites).where(eq(invites.id, inviteId));
      expect(invite?.state).toBe('sent');
      expect((await rowsTo(to))[0]?.payload).toBeNull();
    } finally {
      await restarted.close();
    }
    expect(t.mailer.last(to).text).toBe('the invitation');
  });

  it('retries a failing mailer with backoff until it delivers', async () => {
    const to = 'flaky@example.com';
    let failures = 2;
    const flaky = createCapturingMailer();
    const outbox = outboxWith({
      send: (m) => (failures-- > 0 ? Promise.reject(new Error('421 try later')) : flaky.send(m)),
    });
    const entry = await outbox.enqueue(createOutboxRepository(t.db), mail(to), { kind: 'invitation' });
    expect(await outbox.sendNow(entry)).toBe(false);
    expect(await rowsTo(to)).toMatchObject([
      { attempts: 1, lastError: 'Error: 421 try later', sentAt: null },
    ]);

    expect(await outbox.deliverDue()).toBe(0); // not due for 30 s
    t.clock.advance(OUTBOX_RULES.firstRetryMs);
    expect(await outbox.deliverDue()).toBe(0); // second failure: next try in 60 s
    expect(await rowsTo(to)).toMatchObject([{ attempts: 2 }]);
    t.clock.advance(OUTBOX_RULES.firstRetryMs);
    expect(await outbox.deliverDue()).toBe(0);
    t.clock.advance(OUTBOX_RULES.firstRetryMs);
    expect(await outbox.deliverDue()).toBe(1);
    expect(flaky.sent.map((m) => m.to)).toEqual([to]);
    expect((await rowsTo(to))[0]?.sentAt).toBeInstanceOf(Date);
    expect(await outbox.deliverDue()).toBe(0);
  });

  it('gives up after the last attempt and erases the payload', async () => {
    const to = 'dead@example.com';
    const outbox = outboxWith({ send: () => Promise.reject(new Error('550 no such user')) });
    const entry = await outbox.enqueue(createOutboxRepository(t.db), mail(to), { kind: 'invitation' });
    await outbox.sendNow(entry);
    for (let i = 1; i < OUTBOX_RULES.maxAttempts; i++) {
      t.clock.advance(OUTBOX_RULES.maxRetryMs);
      await outbox.deliverDue();
    }
    expect(await rowsTo(to)).toMatchObject([
      { attempts: OUTBOX_RULES.maxAttempts, payload: null, sentAt: null },
    ]);
    t.clock.advance(OUTBOX_RULES.maxRetryMs);
    expect(await outbox.deliverDue()).toBe(0);
  });

  it('does not deliver a sign-in code after it expired', async () => {
    const to = 'late@example.com';
    const outbox = outboxWith();
    await outbox.enqueue(createOutboxRepository(t.db), mail(to), {
      kind: 'sign-in-code',
      expiresAt: new Date(t.clock.now().getTime() + OUTBOX_RULES.leaseMs / 2),
    });
    t.clock.advance(OUTBOX_RULES.leaseMs);
    expect(await outbox.deliverDue()).toBe(0);
    expect(t.mailer.sent.some((m) => m.to === to)).toBe(false);
  });

  it('two processes sending at once deliver a mail once', async () => {
    const to = 'twice@example.com';
    const [a, b] = [outboxWith(), outboxWith()];
    await a.enqueue(createOutboxRepository(t.db), mail(to), { kind: 'invitation' });
    t.clock.advance(OUTBOX_RULES.leaseMs);
    const delivered = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(delivered.reduce((x, y) => x + y, 0)).toBe(1);
    expect(t.mailer.sent.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('an invitation through the API is sent once, and a failed one later by a retry', async () => {
    const admin = await t.signIn('outbox-admin@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name: 'Outbox Team' },
    });
    const team = created.json<{ id: number }>();
    t.mailer.failFor.add('later@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/teams/${team.id}/invites/`,
      headers: admin.tokenAuth,
      payload: { emails: ['now@example.com', 'later@example.com'] },
    });
    t.mailer.failFor.delete('later@example.com');
    expect(res.json<{ email: string; state: string }[]>().map((i) => i.state)).toEqual(['sent', 'pending']);
    expect(t.mailer.sent.filter((m) => m.to === 'now@example.com')).toHaveLength(1);

    t.clock.advance(OUTBOX_RULES.firstRetryMs);
    expect(await outboxWith().deliverDue()).toBe(1);
    expect(t.mailer.sent.filter((m) => m.to === 'later@example.com')).toHaveLength(1);
    const list = await t.app.inject({ url: `/api/teams/${team.id}/invites/`, headers: admin.tokenAuth });
    expect(list.json<{ email: string; state: string }[]>().map((i) => [i.email, i.state])).toEqual(
      expect.arrayContaining([
        ['now@example.com', 'sent'],
        ['later@example.com', 'sent'],
      ]),
    );
    expect(t.mailer.sent.filter((m) => m.to === 'now@example.com')).toHaveLength(1);
  });
});
