import { describe, expect, it } from 'vitest';
import type { AuditList, Campaign } from '@murmur/core/api';
import { currencyFromX } from '@murmur/core/format';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';

const kit = useSandboxTestApp({ seed: 'audit-campaigns', logEnv: 'AUDIT_TEST_LOG' });

describe('the audit log of campaign changes', () => {
  it('records a campaign created, changed (before/after) and deleted', async () => {
    const admin = await kit.t.signIn('audit-admin@example.com');
    const xUserId = await kit.storeXToken(admin, 0);
    const team = await kit.teamWithAdAccount(admin, xUserId);
    const created = await kit.call(admin, 'POST', '/api/campaigns/', {
      team: team.slug,
      name: 'Spring launch',
      objective: 'ENGAGEMENTS',
      ad_account_id: team.accountId,
      currency: currencyFromX(team.currency),
      budget_type: 'daily',
      daily_budget: 5000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<Campaign>();
    const renamed = await kit.call(admin, 'PATCH', `/api/campaigns/${campaign.id}/`, {
      name: 'Summer launch',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await kit.call(admin, 'DELETE', `/api/campaigns/${campaign.id}/`)).statusCode).toBe(204);

    const log = await kit.call(admin, 'GET', `/api/teams/${team.slug}/audit-log/?q=launch`);
    const actions = log.json<AuditList>().results.map((e) => [e.action, e.subject]);
    expect(actions).toEqual([
      ['campaign.deleted', 'Summer launch'],
      ['campaign.changed', 'Summer launch'],
      ['campaign.created', 'Spring launch'],
    ]);
    const [deleted, changed, made] = log.json<AuditList>().results;
    expect(made!.after).toMatchObject({ name: 'Spring launch', dailyBudget: '5000.00' });
    expect(changed!.before).toMatchObject({ name: 'Spring launch' });
    expect(changed!.after).toMatchObject({ name: 'Summer launch' });
    expect(deleted!.before).toMatchObject({ name: 'Summer launch' });
    expect(deleted!.after).toBeNull();
    expect(deleted!.actor.email).toBe('audit-admin@example.com');
  });
});
