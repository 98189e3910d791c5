import { expect } from 'vitest';
import type { AudienceConfig, Team, UploadedAudience, User } from '@murmur/core/api';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { subscriptions } from '../db/schema';
import type { SandboxTestApp } from './sandbox-test-kit';
import { seedGroup } from './seed';
import type { TestSession } from './test-app';

/** The lookalike tests' seed: a saved audience of soccer fans. */
export const LOOKALIKE_SEED_PACKAGE = { interests: [{ label: 'Sports/Soccer' }] };

/**
 * What the lookalike tests share, on one engine (lookalikes.test.ts) or over shards
 * (lookalikes-shards.test.ts): the seed saved through the API, the engine's own answer to compare
 * with, and a saved audience uploaded to the sandbox's X through a granted ad account.
 */
export function lookalikeKit(k: SandboxTestApp) {
  const send = (session: TestSession | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    k.app.inject({
      method,
      url,
      ...(session && { headers: session.tokenAuth }),
      ...(payload && { payload }),
    });

  /** The seed saved in `team` by `user`, who is made an Audience_creator (SPEC §6). */
  async function saveSeed(user: TestSession, team: Team): Promise<AudienceConfig> {
    await seedGroup(k.t.db, user.user.id, 'Audience_creator');
    const saved = await send(user, 'POST', '/api/audience-configs/', {
      name: 'Soccer fans',
      targeting_package: LOOKALIKE_SEED_PACKAGE,
      team: team.slug,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json<AudienceConfig>();
  }

  /** The network's own engine's lookalike of the seed (no API, no shard), to compare the API's with. */
  function direct(country: string | undefined) {
    const engine = k.net.engine;
    const seed = engine.evaluate(targetingPackageSchema.parse(LOOKALIKE_SEED_PACKAGE)).accounts;
    return { seed, result: engine.lookalike!(seed, { country, sizes: [1, 5, 10] }) };
  }

  /** `user`'s membership of `team` (what a granted account is granted to). */
  async function memberOf(user: TestSession, team: Team): Promise<number> {
    const me = (await send(user, 'GET', '/api/user/me/')).json<User>();
    return me.memberships.find((m) => m.team.id === team.id)!.id;
  }

  /**
   * `config` uploaded to the sandbox's X through the ad-account path: the team subscribed, the ad
   * account granted to `member`, the upload made (each step answering 201).
   */
  async function uploadToX(
    user: TestSession,
    {
      team,
      member,
      account,
      config,
    }: { team: Team; member: number; account: string; config: AudienceConfig },
  ): Promise<UploadedAudience> {
    await k.t.db.insert(subscriptions).values({
      teamId: team.id,
      active: true,
      start: new Date('2026-09-01T00:00:00Z'),
      planName: 'Pro',
    });
    const granted = await send(user, 'POST', '/api/user/granted-accounts/', {
      member,
      account: { account_id: account, network: 'twitter' },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const uploaded = await send(user, 'POST', '/api/uploaded-audiences/', {
      audience_config: config.id,
      team: team.slug,
      account_id: account,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    return uploaded.json<UploadedAudience>();
  }

  /** The custom audience of an upload as the sandbox's X holds it. */
  const onX = async (xId: string, account: string, upload: UploadedAudience) =>
    (await k.ads(xId, 'GET', `accounts/${account}/custom_audiences/${upload.custom_audience_id}`)) as {
      name: string;
      audience_size: number;
    };

  return { send, saveSeed, direct, memberOf, uploadToX, onX };
}
