import { expect } from 'vitest';
import { AUDIENCE_CREATOR_GROUP, type AudienceConfig } from '@murmur/core/api';
import { adCreatives, adStats, ads, adsets, campaigns, uploadedAudiences } from '../../db/schema';
import type { TestApp, TestSession } from '../../test/test-app';
import { seedAdAccounts, seedGroup } from '../../test/seed';
import { teamKit } from '../../test/team-kit';

/** A package the 3 000-account test network holds enough of to be targetable (status Active). */
export const SPEAKERS = { languages: [{ label: 'English' }, { label: 'Japanese' }] };

/**
 * The agency tests' world: teams made and joined through the API, audiences saved through it, and
 * the rows only X's side writes (an upload's state, a campaign's delivery from X's stats) inserted
 * as the X integration stores them.
 */
export function agencyKit(t: () => TestApp) {
  // `who` joins `team` through a real invitation of its admin (the team kit).
  const { join } = teamKit(t);

  /** A team of `admin` granted `accountId` (one of the admin's X ad accounts). */
  async function teamWithAccount(admin: TestSession, name: string, accountId: string, accountName: string) {
    await seedAdAccounts(t().db, admin.user.id, [{ id: accountId, name: accountName }]);
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name, accounts: [{ account_id: accountId, network: 'twitter' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; slug: string; name: string }>();
  }

  /** A team audience saved through the API (SPEC §6: its saver is an Audience_creator). */
  async function audience(who: TestSession, team: { slug: string }, name: string): Promise<AudienceConfig> {
    await seedGroup(t().db, who.user.id, AUDIENCE_CREATOR_GROUP);
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/audience-configs/',
      headers: who.tokenAuth,
      payload: { name, targeting_package: SPEAKERS, team: team.slug },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AudienceConfig>();
  }

  /** An upload of `config` to X in `state`, with X's audience size, as x-audiences stores it. */
  async function upload(
    who: TestSession,
    team: { id: number },
    config: AudienceConfig,
    account: { id: string; name: string },
    state: 'processing' | 'ready' | 'failed',
    xSize: number,
  ) {
    await t()
      .db.insert(uploadedAudiences)
      .values({
        audienceConfigId: config.id,
        teamId: team.id,
        userId: who.user.id,
        accountId: account.id,
        accountName: account.name,
        customAudienceId: `ca-${config.id}`,
        name: config.name,
        state,
        targetable: state === 'ready',
        uploadedCount: config.sample_count,
        audienceSize: xSize,
      });
  }

  /** An active campaign with one ad and X's daily stats on the given UTC days. */
  async function campaign(
    who: TestSession,
    team: { id: number },
    accountId: string,
    name: string,
    days: { day: string; impressions: number; clicks: number; spendMicro: number }[],
  ) {
    const db = t().db;
    const owned = { teamId: team.id, createdBy: who.user.id };
    const [c] = await db
      .insert(campaigns)
      .values({
        ...owned,
        adAccountId: accountId,
        name,
        objective: 'ENGAGEMENTS',
        currency: 'USD',
        budgetType: 'daily',
        dailyBudget: '50.00',
        state: 'active',
        xCampaignId: `x-${name}`,
        statsSynced: new Date(),
      })
      .returning();
    const [set] = await db
      .insert(adsets)
      .values({
        campaignId: c!.id,
        name: `${name} ad set`,
        placements: ['homeTimelines'],
        sizeBucket: 'auto',
      })
      .returning();
    const [creative] = await db
      .insert(adCreatives)
      .values({ ...owned, name: `${name} post`, text: 'Hello' })
      .returning();
    const [ad] = await db
      .insert(ads)
      .values({ adsetId: set!.id, creativeId: creative!.id, state: 'active' })
      .returning();
    if (days.length > 0) {
      await db.insert(adStats).values(days.map((d) => ({ adId: ad!.id, engagements: d.clicks * 2, ...d })));
    }
    return c!;
  }

  return { join, teamWithAccount, audience, upload, campaign };
}
