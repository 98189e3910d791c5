import { describe, expect, it } from 'vitest';
import type {
  ActivityList,
  Adset,
  AdCreative,
  Campaign,
  GrantedAccount,
  SocialAccount,
  Team,
  User,
} from '@murmur/core/api';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';
import { seedGroup } from '../../test/seed';
import type { TestSession } from '../../test/test-app';

/**
 * The activity recorded for social accounts, ad-account grants and campaigns: each
 * action through the API, then the team's feed (GET /api/teams/{slug}/events/) shows it.
 */
const k = useSandboxTestApp({ seed: 'activity-events-tests', accounts: 1500 });

async function feed(session: TestSession, slug: string) {
  const res = await k.call(session, 'GET', `/api/teams/${slug}/events/?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<ActivityList>()
    .results.map((e) => ({ kind: e.kind, subject: e.subject, user: e.user?.email ?? null }));
}

describe('activity of social accounts, grants and campaigns', () => {
  it('records linking and unlinking a social account in the feeds of the user’s teams', async () => {
    const ann = await k.t.signIn('ann-activity-events@example.com');
    const team = (await k.call(ann, 'POST', '/api/teams/', { name: 'Ann events' })).json<Team>();
    await k.connectX(ann, 0);
    const linked = (await k.call(ann, 'GET', '/rest-auth/socialaccounts/')).json<SocialAccount[]>();
    const x = linked.find((a) => a.provider === 'twitter')!;
    const gone = await k.call(ann, 'POST', `/rest-auth/socialaccounts/${x.id}/disconnect/`);
    expect(gone.statusCode, gone.body).toBe(200);
    // A failed unlink (already gone) records nothing.
    expect((await k.call(ann, 'POST', `/rest-auth/socialaccounts/${x.id}/disconnect/`)).statusCode).toBe(404);

    const rows = await feed(ann, team.slug);
    expect(rows.filter((r) => r.kind.startsWith('social_'))).toEqual([
      { kind: 'social_disconnected', subject: 'twitter', user: 'ann-activity-events@example.com' },
      { kind: 'social_connected', subject: 'twitter', user: 'ann-activity-events@example.com' },
    ]);
  });

  it('records granting an ad account to a team and withdrawing the grant', async () => {
    const bea = await k.t.signIn('bea-activity-events@example.com');
    const xId = await k.connectX(bea, 1);
    const accountId = await k.openAdAccount(xId, 'Bea on X');
    expect((await k.call(bea, 'GET', '/api/user/accounts/')).statusCode).toBe(200);
    const team = (await k.call(bea, 'POST', '/api/teams/', { name: 'Bea events' })).json<Team>();
    const me = (await k.call(bea, 'GET', '/api/user/me/')).json<User>();
    const member = me.memberships.find((m) => m.team.id === team.id)!.id;
    const payload = { member, account: { account_id: accountId, network: 'twitter' } };
    const granted = await k.call(bea, 'POST', '/api/user/granted-accounts/', payload);
    expect(granted.statusCode, granted.body).toBe(201);
    // Granting it again changes nothing and records nothing.
    expect((await k.call(bea, 'POST', '/api/user/granted-accounts/', payload)).statusCode).toBe(200);
    const grant = granted.json<GrantedAccount>();
    expect((await k.call(bea, 'DELETE', `/api/user/granted-accounts/${grant.id}/`)).statusCode).toBe(204);

    const rows = await feed(bea, team.slug);
    expect(rows.filter((r) => r.kind === 'account_granted' || r.kind === 'grant_revoked')).toEqual([
      { kind: 'grant_revoked', subject: accountId, user: 'bea-activity-events@example.com' },
      { kind: 'account_granted', subject: accountId, user: 'bea-activity-events@example.com' },
    ]);
  });

  it('records publishing, pausing, resuming and deleting a campaign, not other edits', async () => {
    const cy = await k.t.signIn('cy-activity-events@example.com');
    await seedGroup(k.t.db, cy.user.id, 'Audience_creator');
    const xId = await k.storeXToken(cy, 2);
    const { slug, accountId } = await k.teamWithAdAccount(cy, xId);
    const accounts = (await k.call(cy, 'GET', '/api/user/accounts/')).json<{ id: string }[]>();
    expect(accounts.map((a) => a.id)).toContain(accountId);
    const funding = await k.call(
      cy,
      'GET',
      `/api/campaigns/funding/?team=${slug}&ad_account_id=${accountId}`,
    );
    expect(funding.statusCode, funding.body).toBe(200);
    const config = await k.call(cy, 'POST', '/api/audience-configs/', {
      name: 'Coffee people',
      team: slug,
      targeting_package: { keywords: [{ label: 'coffee' }] },
    });
    expect(config.statusCode, config.body).toBe(201);
    const created = await k.call(cy, 'POST', '/api/campaigns/', {
      team: slug,
      name: 'Events week',
      objective: 'REACH',
      ad_account_id: accountId,
      currency: funding.json<{ currency: string }>().currency,
      budget_type: 'daily',
      daily_budget: 100,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<Campaign>();
    const adset = await k.call(cy, 'POST', '/api/adsets/', {
      campaign: campaign.id,
      name: 'Coffee fans',
      audience_config: config.json<{ id: number }>().id,
      placements: ['homeTimelines'],
    });
    expect(adset.statusCode, adset.body).toBe(201);
    const creative = (
      await k.call(cy, 'POST', '/api/ad-creatives/', { team: slug, name: 'Beans', text: 'Fresh beans' })
    ).json<AdCreative>();
    const ad = await k.call(cy, 'POST', `/api/campaigns/${campaign.id}/ads/`, {
      adset: adset.json<Adset>().id,
      creative: creative.id,
    });
    expect(ad.statusCode, ad.body).toBe(201);

    const url = `/api/campaigns/${campaign.id}/`;
    expect((await k.call(cy, 'PATCH', url, { name: 'Events week 2' })).statusCode).toBe(200);
    for (const status of ['Active', 'Paused', 'Active']) {
      const res = await k.call(cy, 'PATCH', url, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await k.call(cy, 'DELETE', url)).statusCode).toBe(204);

    const rows = await feed(cy, slug);
    expect(rows.filter((r) => r.kind.startsWith('campaign_'))).toEqual(
      ['campaign_deleted', 'campaign_resumed', 'campaign_paused', 'campaign_published'].map((kind) => ({
        kind,
        subject: 'Events week 2',
        user: 'cy-activity-events@example.com',
      })),
    );
  });
});
