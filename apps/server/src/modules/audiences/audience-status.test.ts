import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, AudienceConfigList } from '@murmur/core/api';
import { COUNTRIES } from '@murmur/core/countries';
import type { AudienceEngine } from '@murmur/engine';
import { audienceUsages, uploadedAudiences } from '../../db/schema';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { testNetwork } from '../../test/test-engine';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';

let t: TestApp;
let engine: AudienceEngine;
let alice: TestSession;
const kit = teamKit(() => t);
const soccer = { interests: [{ label: 'Sports/Soccer' }] };

beforeAll(async () => {
  const network = await testNetwork();
  engine = network.engine;
  t = await createTestApp({}, { engine: network.holder });
  alice = await t.signIn('alice@example.com');
});
afterAll(() => t.close());

const read = async (id: number) =>
  (
    await t.app.inject({ url: `/api/audience-configs/${id}/`, headers: alice.tokenAuth })
  ).json<AudienceConfig>();

describe('pro_targeting_size (deviation 12)', () => {
  it('is the estimate when fewer than 50 countries are selected', async () => {
    const body = { ...soccer, countries: [{ label: 'Japan' }] };
    const config = await kit.createConfig(alice, { name: 'Soccer JP', targeting_package: body });
    expect(config.pro_targeting_size).toBe(config.size);
  });

  it('drops the countries when 50 or more are selected, as the extension applies it (SPEC §9)', async () => {
    const countries = COUNTRIES.filter((c) => c.selectable)
      .slice(0, 50)
      .map((c) => ({ label: c.name }));
    const body = { ...soccer, countries };
    const config = await kit.createConfig(alice, { name: 'Soccer in 50 countries', targeting_package: body });
    const worldwide = engine.estimate(pkg(soccer)).populationEstimate;
    expect(config.size).toBe(engine.estimate(pkg(body)).populationEstimate);
    expect(config.pro_targeting_size).toBe(worldwide);
    expect(config.pro_targeting_size).toBeGreaterThan(config.size);
  });
});

describe('status (deviation 12)', () => {
  const upload = (configId: number, state: 'processing' | 'ready' | 'failed', accountId: string) =>
    t.db.insert(uploadedAudiences).values({
      audienceConfigId: configId,
      teamId: team.id,
      userId: alice.user.id,
      accountId,
      accountName: 'Ads',
      customAudienceId: `ca-${configId}-${accountId}`,
      name: 'Uploaded',
      state,
      uploadedCount: 10,
    });
  const use = (configId: number, created: Date, deletedAt: Date | null = null) =>
    t.db.insert(audienceUsages).values({
      userId: alice.user.id,
      adAccountId: 'acc-1',
      state: 'applied',
      audienceConfigId: configId,
      targetingPackage: pkg(soccer),
      created,
      deletedAt,
    });
  let team: { id: number; slug: string };

  beforeAll(async () => {
    team = await kit.createTeam(alice, 'Status team');
  });

  const fresh = async (name: string) =>
    kit.createConfig(alice, { name, targeting_package: soccer, team: team.slug });

  it('follows uploads and uses: Scheduled, Halted, Active, Paused, Expired — and filters by it', async () => {
    const scheduled = await fresh('Scheduled one');
    expect(scheduled.status).toBe('Active');
    await upload(scheduled.id, 'processing', 'a1');
    expect((await read(scheduled.id)).status).toBe('Scheduled');

    const halted = await fresh('Halted one');
    await upload(halted.id, 'failed', 'a1');
    expect((await read(halted.id)).status).toBe('Halted');
    await upload(halted.id, 'ready', 'a2');
    expect((await read(halted.id)).status).toBe('Active');

    const paused = await fresh('Paused one');
    await use(paused.id, new Date(), new Date());
    expect((await read(paused.id)).status).toBe('Paused');

    const expired = await fresh('Expired one');
    await use(expired.id, new Date(Date.now() - 70 * 24 * 3600 * 1000));
    expect((await read(expired.id)).status).toBe('Expired');
    await use(expired.id, new Date());
    expect((await read(expired.id)).status).toBe('Active');

    const list = await t.app.inject({
      url: `/api/audience-configs/?team=${team.slug}&status=Halted`,
      headers: alice.tokenAuth,
    });
    expect(list.json<AudienceConfigList>().results.map((c) => c.name)).toEqual([]);
    const scheduledList = await t.app.inject({
      url: `/api/audience-configs/?team=${team.slug}&status=Scheduled`,
      headers: alice.tokenAuth,
    });
    expect(scheduledList.json<AudienceConfigList>().results.map((c) => c.name)).toEqual(['Scheduled one']);
  });
});
