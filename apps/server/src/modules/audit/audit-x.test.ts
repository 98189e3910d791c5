import { describe, expect, it } from 'vitest';
import type { AudienceConfig, AudiencePlan, AuditList, UploadedAudience } from '@murmur/core/api';
import { subscriptions } from '../../db/schema';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';
import { seedGroup } from '../../test/seed';

// An upload to X and a reach plan pushed to X (the sandbox's Ads API over HTTP) are in the team's
// audit log (docs/SSO-AND-AUDIT.md "Audit log") with the actor, the address and what was sent where.

const kit = useSandboxTestApp({ seed: 'audit-x-tests' });

describe('the audit log of what went to X', () => {
  it('records an upload and a push to X with actor, IP and the ad account', async () => {
    const admin = await kit.t.signIn('audit-x@example.com');
    await seedGroup(kit.t.db, admin.user.id, 'Audience_creator');
    const xUserId = await kit.storeXToken(admin, 0);
    const team = await kit.teamWithAdAccount(admin, xUserId);
    await kit.call(admin, 'GET', '/api/user/accounts/');
    await kit.t.db.insert(subscriptions).values({
      teamId: team.teamId,
      active: true,
      start: new Date('2026-01-01T00:00:00Z'),
      planName: 'Pro',
    });
    const configs: AudienceConfig[] = [];
    for (const [name, pkg] of [
      ['Audit speakers', { languages: [{ label: 'English' }] }],
      ['Audit fans', { interests: [{ label: 'Sports/Soccer' }] }],
    ] as const) {
      const saved = await kit.call(admin, 'POST', '/api/audience-configs/', {
        name,
        team: team.slug,
        targeting_package: pkg,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      configs.push(saved.json<AudienceConfig>());
    }

    const uploaded = await kit.call(admin, 'POST', '/api/uploaded-audiences/', {
      audience_config: configs[0]!.id,
      team: team.slug,
      account_id: team.accountId,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const upload = uploaded.json<UploadedAudience>();

    const plan = (
      await kit.call(admin, 'POST', '/api/audience-plan/', {
        name: 'Audit plan',
        audience_config_ids: configs.map((c) => c.id),
        reach: { max_audiences: 2, target_reach: null },
      })
    ).json<AudiencePlan>();
    const pushed = await kit.call(admin, 'POST', `/api/audience-plan/${plan.id}/push/`, {
      team: team.slug,
      account_id: team.accountId,
      mode: 'union',
    });
    expect(pushed.statusCode, pushed.body).toBe(201);

    const log = async (action: string) =>
      (await kit.call(admin, 'GET', `/api/teams/${team.slug}/audit-log/?action=${action}`)).json<AuditList>()
        .results;
    const [uploadEntry] = await log('audience.uploaded_to_x');
    expect(uploadEntry).toMatchObject({
      actor: { id: admin.user.id, email: 'audit-x@example.com' },
      ip: '127.0.0.1',
      subject: expect.stringContaining('Audit speakers →') as string,
      after: { id: upload.id, name: 'Audit speakers', ad_account: team.accountId },
    });
    const [pushEntry] = await log('audience.pushed_to_x');
    expect(pushEntry).toMatchObject({
      actor: { id: admin.user.id, email: 'audit-x@example.com' },
      ip: '127.0.0.1',
      subject: `plan ${plan.id} → ${team.accountId} (union)`,
    });
    expect(pushEntry!.after).toMatchObject({
      custom_audiences: [{ name: 'Audit plan', custom_audience_id: expect.any(String) as string }],
    });

    // In the CSV export too.
    const csv = await kit.call(admin, 'GET', `/api/teams/${team.slug}/audit-log.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('audience.uploaded_to_x');
    expect(csv.body).toContain('audience.pushed_to_x');
  });
});
