import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp({ limits: DEFAULT_LIMITS });
  admin = await t.signIn('admin@example.com');
});
afterAll(() => t.close());

async function createTeam(name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/teams/',
    headers: admin.tokenAuth,
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);

const invite = (teamId: number, emails: string[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/teams/${teamId}/invites/`,
    headers: admin.tokenAuth,
    payload: { emails, message: 'Free text that every one of these mails carries.' },
  });

describe('invitation mails per team per hour (docs/API.md "Limits")', () => {
  it('counts mails, not requests: 60 mails in 3 requests are limited, the rest of the hour still fits', async () => {
    const team = await createTeam('Mailers');
    const mailsBefore = t.mailer.sent.length;
    expect((await invite(team, addresses('a', 20))).statusCode).toBe(201);
    expect((await invite(team, addresses('b', 20))).statusCode).toBe(201);
    const refused = await invite(team, addresses('c', 20));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail:
        'This team can send at most 50 invitations per hour and has 10 left. Please try again in 60 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(t.mailer.sent.length - mailsBefore).toBe(40);

    // What is left of the hour can still be sent; then nothing until the oldest mails are an hour old.
    expect((await invite(team, addresses('d', 10))).statusCode).toBe(201);
    const full = await invite(team, addresses('e', 1));
    expect(full.statusCode).toBe(429);
    expect(full.json<{ detail: string }>().detail).toBe(
      'This team can send at most 50 invitations per hour. Please try again in 60 minutes.',
    );
    t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await invite(team, addresses('f', 20))).statusCode).toBe(201);
  });

  it('keeps each team to its own budget', async () => {
    const busy = await createTeam('Busy team');
    const quiet = await createTeam('Quiet team');
    for (const prefix of ['g', 'h']) expect((await invite(busy, addresses(prefix, 20))).statusCode).toBe(201);
    expect((await invite(busy, addresses('i', 20))).statusCode).toBe(429);
    expect((await invite(quiet, addresses('j', 20))).statusCode).toBe(201);
  });
});
