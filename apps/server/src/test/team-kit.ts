import { expect } from 'vitest';
import { AUDIENCE_CREATOR_GROUP, type AudienceConfig, type SaveAudienceConfig } from '@murmur/core/api';
import { seedGroup } from './seed';
import type { TestApp, TestSession } from './test-app';

/** Teams through real invitations and saved audiences through the API, as a customer's admin makes them. */
export function teamKit(t: () => TestApp) {
  async function createTeam(admin: TestSession, name: string) {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; slug: string; name: string }>();
  }

  async function join(team: { id: number }, admin: TestSession, who: TestSession) {
    await t().app.inject({
      method: 'POST',
      url: `/api/teams/${team.id}/invites/`,
      headers: admin.tokenAuth,
      payload: { emails: [who.user.email] },
    });
    const code = /code=([\w-]+)/.exec(t().mailer.last(who.user.email).text)![1]!;
    const res = await t().app.inject({
      method: 'POST',
      url: `/api/teams/${team.id}/invites/accept/`,
      headers: who.tokenAuth,
      payload: { code },
    });
    expect(res.statusCode).toBe(200);
  }

  /** SPEC §6: saving a built audience needs the Audience_creator group; the kit's savers are in it. */
  async function createConfig(who: TestSession, body: SaveAudienceConfig): Promise<AudienceConfig> {
    await seedGroup(t().db, who.user.id, AUDIENCE_CREATOR_GROUP);
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      headers: who.tokenAuth,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AudienceConfig>();
  }

  return { createTeam, join, createConfig };
}
