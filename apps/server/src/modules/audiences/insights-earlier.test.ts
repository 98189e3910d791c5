import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceConfig, InsightsBaselineUsed, Job } from '@murmur/core/api';
import type { Share } from '@murmur/core/insights';
import { populationEstimate } from '@murmur/core/sampling';
import type { TargetingPackageInput } from '@murmur/core/targeting';
import {
  AccountSet,
  buildIndex,
  liveEngine,
  LIVE_BUILD_OPTIONS,
  type LiveAudienceEngine,
} from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { readyEngine } from '../../engine/engine-holder';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';
import { dayOf } from './history.service';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let engine: LiveAudienceEngine;
let alice: TestSession;
let bob: TestSession;
let followers: AudienceConfig;
let other: AudienceConfig;
let bobs: AudienceConfig;
let target: { id: string; handle: string };
let followersPkg: TargetingPackageInput;
const kit = teamKit(() => t);
let eventKey = 0;

beforeAll(async () => {
  const network = generateNetwork({ accounts: 3000, seed: 'insights-earlier-tests' });
  engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
  t = await createTestApp({}, { engine: readyEngine(engine) });
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
  // The most followed account: its followers move with follow, unfollow and suspend events.
  const all = engine.describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n));
  const top = all.filter((a) => a.handle !== '').sort((a, b) => b.followers - a.followers)[0]!;
  target = { id: top.id, handle: top.handle };
  followersPkg = { handles: [{ handle: top.handle }] };
  const create = (who: TestSession, name: string, targeting: TargetingPackageInput) =>
    kit.createConfig(who, { name, kind: 'saved_list', targeting_package: targeting });
  followers = await create(alice, 'Followers of the top account', followersPkg);
  other = await create(alice, 'English speakers', { languages: [{ label: 'English' }] });
  bobs = await create(bob, 'Bob’s followers', followersPkg);
}, 60_000);
afterAll(() => t.close());

/** The X ids of the audience's members in the engine now, read independently of the history. */
const membersNow = (): Set<string> =>
  new Set(engine.describeAccounts(engine.evaluate(pkg(followersPkg)).accounts.toArray()).map((a) => a.id));
const today = () => dayOf(t.clock.now());
const apply = (event: Record<string, string>) =>
  engine.apply([
    { key: `e-${eventKey++}`, at: Date.now(), ...event } as Parameters<typeof engine.apply>[0][0],
  ]);
/** Reading the history measures today's point (with its membership) when it is missing. */
async function recordToday(config: AudienceConfig, who: TestSession = alice) {
  const res = await t.app.inject({
    url: `/api/audience-configs/${config.id}/history/`,
    headers: who.tokenAuth,
  });
  expect(res.statusCode, res.body).toBe(200);
}
const insights = (payload: object, who: TestSession = alice) =>
  t.app.inject({
    method: 'POST',
    url: '/api/audience-configs/insights/?wait=1',
    payload,
    headers: who.tokenAuth,
  });
type Report = { baseline: InsightsBaselineUsed; demographics: { countries: Share[] } };
const sizeOf = (count: number) =>
  populationEstimate(count, { sampleSize: engine.stats.accounts, rate: engine.scale });

describe('insights against an earlier point of the same audience', () => {
  let firstDay = '';
  let earlier = new Set<string>();

  beforeAll(async () => {
    await recordToday(followers);
    await recordToday(other);
    await recordToday(bobs, bob);
    firstDay = today();
    earlier = membersNow();
    // A day later: outsiders followed, members unfollowed, members were suspended (they leave the index).
    const inside = [...earlier];
    const outsiders = engine
      .describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n))
      .filter((a) => a.id !== '' && a.id !== target.id && !earlier.has(a.id));
    for (const a of outsiders.slice(0, 8)) apply({ type: 'follow', from: a.id, to: target.id });
    for (const id of inside.slice(0, 5)) apply({ type: 'unfollow', from: id, to: target.id });
    for (const id of inside.slice(5, 8)) apply({ type: 'user-suspend', user: id });
    t.clock.advance(DAY);
    await recordToday(followers);
  }, 60_000);

  it('measures against the members of that day still in the index, and says how many left it', async () => {
    const now = membersNow();
    expect(now).not.toEqual(earlier);
    // Independently: the earlier members the index still has (the suspended ones are gone).
    const indexed = new Set(
      engine.describeAccounts(Array.from({ length: engine.stats.accounts }, (_, n) => n)).map((a) => a.id),
    );
    const kept = [...earlier].filter((id) => indexed.has(id));
    expect(earlier.size - kept.length).toBe(3);

    const res = await insights({
      audience_config_id: followers.id,
      baseline: { kind: 'earlier', audience_config_id: followers.id, day: firstDay },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<{ job: Job }>().job.result as Report;
    expect(report.baseline).toEqual({
      kind: 'earlier',
      label: `This audience on ${firstDay}`,
      ref: firstDay,
      size: sizeOf(kept.length),
      dropped: 3,
    });
    const base = AccountSet.fromNumbers(
      engine.stats.accounts,
      kept.map((id) => engine.findAccountById!(id)!),
    );
    const direct = engine.insights(engine.evaluate(pkg(followersPkg)), undefined, base);
    expect(report.demographics.countries).toEqual(JSON.parse(JSON.stringify(direct.demographics.countries)));
  });

  it('the latest point itself: the audience against its own members of today', async () => {
    const res = await insights({
      audience_config_id: followers.id,
      baseline: { kind: 'earlier', audience_config_id: followers.id, day: today() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<{ job: Job }>().job.result as Report;
    expect(report.baseline).toMatchObject({ kind: 'earlier', size: sizeOf(membersNow().size), dropped: 0 });
  });

  it('refuses with a 400 on the field a point of another audience, of another team, or a day without one', async () => {
    const cases = [
      // Another of the caller's audiences (it has a point that day).
      { audience_config_id: followers.id, baseline: { audience_config_id: other.id, day: firstDay } },
      // Another team's audience, named as the point's audience or as the audience itself.
      { audience_config_id: followers.id, baseline: { audience_config_id: bobs.id, day: firstDay } },
      // A day the audience has no point.
      { audience_config_id: followers.id, baseline: { audience_config_id: followers.id, day: '2001-01-01' } },
      // An unsaved package has no history.
      { targeting_package: followersPkg, baseline: { audience_config_id: followers.id, day: firstDay } },
    ];
    for (const { baseline, ...audience } of cases) {
      const res = await insights({ ...audience, baseline: { kind: 'earlier', ...baseline } });
      expect([res.statusCode, Object.keys(res.json<object>())], res.body).toEqual([400, ['baseline']]);
    }
    // Bob may not read Alice's audience at all: 404 before any baseline is looked at.
    const foreign = await insights(
      {
        audience_config_id: followers.id,
        baseline: { kind: 'earlier', audience_config_id: followers.id, day: firstDay },
      },
      bob,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
