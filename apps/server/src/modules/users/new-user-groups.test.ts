import { afterEach, describe, expect, it } from 'vitest';
import { AUDIENCE_CREATOR_GROUP } from '@murmur/core/api';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const groupsOf = async (app: TestApp, email: string) => {
  const s = await app.signIn(email);
  const me = await app.app.inject({ url: '/api/user/me/', headers: s.tokenAuth });
  return (me.json<{ groups: { name: string }[] }>().groups ?? []).map((g) => g.name);
};

describe('creator access for new users (SPEC §6, CREATOR_ACCESS_FOR_NEW_USERS)', () => {
  it('puts whoever registers in the Audience_creator group when configured, once', async () => {
    t = await createTestApp({ creatorAccessForNewUsers: true });
    expect(await groupsOf(t, 'new@murmur.test')).toEqual([AUDIENCE_CREATOR_GROUP]);
    // Signing in again (an existing user) changes nothing.
    expect(await groupsOf(t, 'new@murmur.test')).toEqual([AUDIENCE_CREATOR_GROUP]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      headers: (await t.signIn('new@murmur.test')).tokenAuth,
      payload: { name: 'Built', targeting_package: { languages: [{ label: 'en' }] } },
    });
    expect(saved.statusCode).not.toBe(403);
  });

  it('leaves new users without it otherwise: staff grant it', async () => {
    t = await createTestApp({ creatorAccessForNewUsers: false });
    expect(await groupsOf(t, 'plain@murmur.test')).toEqual([]);
  });

  it('is on by default outside production and off in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).creatorAccessForNewUsers).toBe(true);
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://localhost:25',
      PRO_TARGETING_TOKEN: 'token',
      PUBLIC_URL: 'https://murmur.example',
    };
    expect(loadConfig(production).creatorAccessForNewUsers).toBe(false);
    expect(loadConfig({ ...production, CREATOR_ACCESS_FOR_NEW_USERS: 'true' }).creatorAccessForNewUsers).toBe(
      true,
    );
  });
});
