import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Team, TeamBilling } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import { audienceConfigs, subscriptions } from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { createBillingRepository } from './billing.repository';
import { createBillingService } from './billing.service';
import { createProvider } from './provider';
import { createStripeClient } from '../../integrations/billing';

/** Plan limits (docs/billing.md): seats through the invitation API, saved audiences and uploads in the service. */
let t: TestApp;
let admin: TestSession;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('limits@billing.test');
  team = (
    await t.app.inject({
      method: 'POST',
      url: '/api/teams/',
      headers: admin.tokenAuth,
      payload: { name: 'Limits' },
    })
  ).json<Team>();
  // What a webhook would have written for an active Starter subscription (3 seats, 25 saved audiences).
  await t.db.insert(subscriptions).values({
    teamId: team.id,
    start: new Date(),
    active: true,
    planName: 'Starter',
    planCode: 'starter-month',
    status: 'active',
    stripeSubscriptionId: 'sub_limits',
  });
});

afterAll(() => t.close());

const service = () => {
  const repo = createBillingRepository(t.db);
  return createBillingService({
    repo,
    provider: createProvider({ stripe: createStripeClient(t.config.stripe), repo, clock: t.clock }),
    teams: { access: () => Promise.reject(new Error('unused')) },
    clock: t.clock,
    publicUrl: t.config.publicUrl,
  });
};

describe('plan limits', () => {
  it('refuses invitations beyond the plan’s seats, with the reason', async () => {
    const invite = (emails: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/teams/${team.id}/invites/`,
        headers: admin.tokenAuth,
        payload: { emails },
      });
    const over = await invite(['a@x.test', 'b@x.test', 'c@x.test']);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      detail:
        'The Starter plan has 3 seats (members and open invitations) and 1 are taken. Upgrade the plan to invite more members.',
    });
    expect((await invite(['a@x.test', 'b@x.test'])).statusCode).toBe(201);
    expect((await invite(['c@x.test'])).statusCode).toBe(403);
    const billing = (
      await t.app.inject({
        method: 'GET',
        url: `/api/customer/subscriptions/?team=${team.slug}`,
        headers: admin.tokenAuth,
      })
    ).json<TeamBilling>();
    expect(billing.usage.seats).toBe(3);
    expect(billing.subscription).toMatchObject({ plan: { code: 'starter-month' }, active: true });
  });

  it('refuses saving past the plan’s saved audiences', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      ownerId: admin.user.id,
      teamId: team.id,
      name: `Saved ${i}`,
      kind: 'builder' as const,
      targetingPackage: {} as TargetingPackage,
      sampleCount: 1,
      size: 1,
      sizeBucket: '<1M' as const,
      coreAudience: 0,
      totalNative: 0,
      proTargetingSize: 0,
      targetable: false,
      status: 'Draft' as const,
    }));
    await t.db.insert(audienceConfigs).values(rows.slice(0, 24));
    await expect(service().assertCanSaveAudience(team.id)).resolves.toBeUndefined();
    await t.db.insert(audienceConfigs).values(rows.slice(24));
    await expect(service().assertCanSaveAudience(team.id)).rejects.toMatchObject({
      statusCode: 403,
      message:
        'The Starter plan keeps up to 25 saved audiences. Delete one or upgrade the plan to save more.',
    });
  });

  it('allows uploads on an active plan and refuses them after it ends', async () => {
    await expect(service().uploadPermission(team.id)).resolves.toEqual({ allowed: true, reason: null });
    await t.db.insert(subscriptions).values({
      teamId: team.id,
      start: new Date(Date.now() + 1000),
      active: false,
      planName: 'Starter',
    });
    await expect(service().uploadPermission(team.id)).resolves.toEqual({
      allowed: false,
      reason: 'You need an active subscription to upload audiences to X.',
    });
  });
});
