import { describe, expect, it } from 'vitest';
import type { TargetingPackageInput } from '@murmur/core/targeting';
import { advanceTo } from '@murmur/sandbox';
import type { AudienceConfig, AudiencePlan, PushedReachPlan, UploadedAudience } from '@murmur/core/api';
import { subscriptions } from '../../db/schema';
import { seedGroup } from '../../test/seed';
import { useSandboxTestApp } from '../../test/sandbox-test-kit';
import { pkg } from './audience-test-kit';

/** Reach plans pushed to the sandbox's Ads API over HTTP, as uploads are (x-audiences.test.ts). */
const k = useSandboxTestApp({ seed: 'reach-push-tests' });

const PACKAGES: TargetingPackageInput[] = [
  { languages: [{ label: 'English' }] },
  { interests: [{ label: 'Sports/Soccer' }] },
  { gender: ['female'] },
];

describe('POST /api/audience-plan/{pk}/push/', () => {
  it('sends the union as one custom audience, or each step without the earlier ones, to the ad account on X', async () => {
    const ann = await k.t.signIn('push-ann@example.com');
    const xId = await k.connectX(ann, 2);
    const { teamId, slug, accountId } = await k.teamWithAdAccount(ann, xId);
    // The ad accounts are read from X as the screens read them.
    await k.call(ann, 'GET', '/api/user/accounts/');
    await seedGroup(k.t.db, ann.user.id, 'Audience_creator');
    const configs: AudienceConfig[] = [];
    for (const [i, p] of PACKAGES.entries()) {
      const saved = await k.call(ann, 'POST', '/api/audience-configs/', {
        name: `Step ${i}`,
        targeting_package: p,
        team: slug,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      configs.push(saved.json<AudienceConfig>());
    }
    const plan = (
      await k.call(ann, 'POST', '/api/audience-plan/', {
        name: 'Reach plan',
        audience_config_ids: configs.map((c) => c.id),
        reach: { max_audiences: 3, target_reach: null },
      })
    ).json<AudiencePlan>();
    const push = (mode: 'union' | 'sequential') =>
      k.call(ann, 'POST', `/api/audience-plan/${plan.id}/push/`, { team: slug, account_id: accountId, mode });

    // The conditions of an upload hold: no subscription, no push.
    const refused = await push('union');
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { non_field_errors: ['You need an active subscription to upload audiences to X.'] },
    ]);
    await k.t.db
      .insert(subscriptions)
      .values({ teamId, active: true, start: new Date('2026-01-01T00:00:00Z'), planName: 'Pro' });

    // What the engine says each step adds, in the plan's order.
    const engine = k.net.engine;
    const sets = PACKAGES.map((p) => engine.evaluate(pkg(p)).accounts);
    const reached = new Set<number>();
    const adds = sets.map((s) => {
      const fresh = [...s.toArray()].filter((n) => !reached.has(n));
      for (const n of fresh) reached.add(n);
      return fresh.length;
    });
    expect(adds.every((n) => n > 0)).toBe(true);

    const union = await push('union');
    expect(union.statusCode, union.body).toBe(201);
    const one = union.json<PushedReachPlan>().custom_audiences;
    expect(one).toEqual([
      {
        uploaded_audience_id: expect.any(Number) as number,
        custom_audience_id: expect.any(String) as string,
        name: 'Reach plan',
        audience_config_id: null,
        uploaded_count: reached.size,
      },
    ]);

    const sequential = await push('sequential');
    expect(sequential.statusCode, sequential.body).toBe(201);
    const steps = sequential.json<PushedReachPlan>().custom_audiences;
    expect(steps.map((s) => [s.audience_config_id, s.name, s.uploaded_count])).toEqual(
      configs.map((c, i) => [c.id, `Reach plan · ${i + 1}. ${c.name}`, adds[i]]),
    );

    // Each pushed custom audience is an upload of the month: four, counted against the plan's allowance.
    const billing = await k.call(ann, 'GET', `/api/customer/subscriptions/?team=${slug}`);
    expect(billing.json<{ usage: { uploads_this_month: number } }>().usage.uploads_this_month).toBe(4);

    // Listed with the team's uploads, under the plan and no saved audience, while X processes them.
    const listUploads = async () => {
      const listed = await k.call(ann, 'GET', `/api/uploaded-audiences/?team=${slug}`);
      expect(listed.statusCode, listed.body).toBe(200);
      return listed.json<UploadedAudience[]>();
    };
    const pushedAll = [...one, ...steps];
    const processing = await listUploads();
    expect(
      processing
        .map((u) => [u.id, u.custom_audience_id, u.audience_config, u.audience_plan, u.state, u.targetable])
        .sort(),
    ).toEqual(
      pushedAll
        .map((p) => [p.uploaded_audience_id, p.custom_audience_id, null, plan.id, 'processing', false])
        .sort(),
    );
    expect(processing.every((u) => u.ad_account.id === accountId && u.ad_account.name !== '')).toBe(true);

    // On X once processed: each custom audience holds those people (the sandbox matches the hashes),
    // and the follow-up (the same as for uploads) marks each ready and targetable with X's size.
    advanceTo(k.network, k.network.clock.now + 2 * 3600);
    k.t.clock.advance(10_000);
    const ready = await listUploads();
    expect(ready.map((u) => [u.custom_audience_id, u.state, u.targetable, u.audience_size]).sort()).toEqual(
      pushedAll.map((p) => [p.custom_audience_id, 'ready', true, p.uploaded_count]).sort(),
    );
    const single = await k.call(ann, 'GET', `/api/uploaded-audiences/${one[0]!.uploaded_audience_id}/`);
    expect(single.json<UploadedAudience>()).toMatchObject({
      name: 'Reach plan',
      state: 'ready',
      targetable: true,
    });
    for (const pushed of [...one, ...steps]) {
      const onX = (await k.ads(
        xId,
        'GET',
        `accounts/${accountId}/custom_audiences/${pushed.custom_audience_id}`,
      )) as {
        name: string;
        targetable: boolean;
        audience_size: number;
      };
      expect(onX).toMatchObject({
        name: pushed.name,
        targetable: true,
        audience_size: pushed.uploaded_count,
      });
    }
  });
});
