import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceChanges, AudienceConfig, AudienceHistory } from '@murmur/core/api';
import { populationEstimate } from '@murmur/core/sampling';
import { buildIndex, liveEngine, LIVE_BUILD_OPTIONS, type LiveAudienceEngine } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { eq } from 'drizzle-orm';
import { audienceConfigs, audiencePoints } from '../../db/schema';
import { byNumber } from '../../lib/member-ids';
import { readyEngine } from '../../engine/engine-holder';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app';
import { teamKit } from '../../test/team-kit';
import { pkg } from './audience-test-kit';
import { createHistoryRepository } from './history.repository';
import { createMembershipRepository } from './membership.repository';
import { createMembershipService } from './membership.service';
import { panelChanges } from './history-changes';
import { createHistoryService, dayOf } from './history.service';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let engine: LiveAudienceEngine;
let alice: TestSession;
let bob: TestSession;
let saved: AudienceConfig;
const kit = teamKit(() => t);
const speakers = { languages: [{ label: 'English' }, { label: 'Japanese' }] };
const inJapan = { ...speakers, countries: [{ label: 'Japan', id: 'JP' }] };
let suspended = 0;
let japanBefore = 0;

beforeAll(async () => {
  // A live engine: the network changes between two days as X's streams would change it.
  const network = generateNetwork({ accounts: 3000, seed: 'history-tests' });
  engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
  t = await createTestApp({}, { engine: readyEngine(engine) });
  alice = await t.signIn('alice@example.com');
  bob = await t.signIn('bob@example.com');
  saved = await kit.createConfig(alice, {
    name: 'English or Japanese speakers',
    kind: 'saved_list',
    targeting_package: speakers,
  });
}, 60_000);
afterAll(() => t.close());

const history = (id: number, who: TestSession = alice, query = '') =>
  t.app.inject({ url: `/api/audience-configs/${id}/history/${query}`, headers: who.tokenAuth });
const changes = (id: number, from: string, to: string, who: TestSession = alice) =>
  t.app.inject({
    url: `/api/audience-configs/${id}/history/changes/?from=${from}&to=${to}`,
    headers: who.tokenAuth,
  });
/** The history service as the scheduled run uses it, on the app's database and clock. */
const scheduled = (retentionDays = 400) =>
  createHistoryService({
    repo: createHistoryRepository(t.db),
    configs: { readableRow: () => Promise.reject(new Error('the scheduled run reads no caller')) },
    engine: readyEngine(engine),
    clock: t.clock,
    retentionDays,
  });

describe('an audience over time', () => {
  let firstDay: string;

  it('a saved audience has today’s point at once: the engine’s estimate and its composition', async () => {
    firstDay = dayOf(t.clock.now());
    const res = await history(saved.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AudienceHistory>();
    expect(body.points.map((p) => p.day)).toEqual([firstDay]);
    const count = engine.estimate(pkg(speakers)).sampleCount;
    expect(body.points[0]!.size).toEqual(
      populationEstimate(count, { sampleSize: engine.stats.accounts, rate: engine.scale }),
    );
    const digest = body.points[0]!.digest;
    expect(digest.members).toBe(count);
    const japan = engine.estimate(pkg(inJapan)).sampleCount;
    expect(japan).toBeGreaterThanOrEqual(10);
    expect(digest.fields.country.values.find((v) => v.value === 'JP')?.count).toBe(japan);
    expect(digest.fields.country.values.length).toBeLessThanOrEqual(10);
  });

  it('is the owner’s and their teams’: anyone else gets 404, signed out 403, bad input 400', async () => {
    expect((await history(saved.id, bob)).statusCode).toBe(404);
    expect((await changes(saved.id, firstDay, firstDay, bob)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/audience-configs/${saved.id}/history/` })).statusCode).toBe(403);
    for (const query of ['?days=0', '?days=abc', '?days=99999']) {
      const res = await history(saved.id, alice, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<Record<string, string[]>>().days?.[0]).toMatch(/days must be/);
    }
    expect((await changes(saved.id, 'yesterday', firstDay)).statusCode).toBe(400);
    expect((await history(999_999)).statusCode).toBe(404);
  });

  it('the next day: the scheduled run measures it, and what changed is the suspended accounts', async () => {
    // Half the audience's accounts in Japan are suspended (X's compliance stream) overnight.
    const inJapanNow = engine.describeAccounts(engine.evaluate(pkg(inJapan)).accounts.toArray());
    japanBefore = inJapanNow.length;
    const gone = inJapanNow.filter((_, i) => i % 2 === 0);
    suspended = gone.length;
    engine.apply(
      gone.map((a, i) => ({
        type: 'user-suspend' as const,
        key: `suspend-${i}`,
        at: Date.now(),
        user: a.id,
      })),
    );
    t.clock.advance(DAY);
    const secondDay = dayOf(t.clock.now());
    const run = await scheduled().recordDue();
    expect(run.recorded).toBeGreaterThanOrEqual(1);
    expect(run.failed).toBe(0);
    // Run again the same day: nothing more.
    expect((await scheduled().recordDue()).recorded).toBe(0);

    const body = (await history(saved.id)).json<AudienceHistory>();
    expect(body.points.map((p) => p.day)).toEqual([firstDay, secondDay]);
    expect(body.points[0]!.size.sample - body.points[1]!.size.sample).toBe(suspended);

    const res = await changes(saved.id, firstDay, secondDay);
    expect(res.statusCode, res.body).toBe(200);
    const diff = res.json<AudienceChanges>();
    expect(diff.from.day).toBe(firstDay);
    expect(diff.to.day).toBe(secondDay);
    expect(diff.size.change).toBeLessThan(0);
    const jp = diff.moved.find((c) => c.field === 'country' && c.value === 'JP');
    expect(jp).toMatchObject({ from: { count: japanBefore }, to: { count: japanBefore - suspended } });
    expect(jp!.difference).toBeLessThan(0);
    expect(jp!.q).toBeLessThan(diff.fdr);
    expect(diff.tested).toBeGreaterThan(diff.moved.length);
  });

  it('a day without events changes nothing, and the days between are read from the point before', async () => {
    const before = dayOf(t.clock.now());
    t.clock.advance(2 * DAY);
    await scheduled().recordDue();
    const after = dayOf(t.clock.now());
    const diff = (await changes(saved.id, before, after)).json<AudienceChanges>();
    expect(diff.size).toMatchObject({ change: 0, significant: false });
    expect(diff.moved).toEqual([]);
    // A day between two points stands for the point before it.
    const between = dayOf(new Date(t.clock.now().getTime() - DAY));
    expect((await changes(saved.id, between, after)).json<AudienceChanges>().from.day).toBe(before);
    // "from" after "to", or a day before the first point: 400, saying which.
    const reversed = await changes(saved.id, after, before);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<Record<string, string[]>>().from).toBeDefined();
    expect((await changes(saved.id, '2001-01-01', after)).statusCode).toBe(400);
  });

  it('points older than the retention are removed by the scheduled run', async () => {
    const before = (await history(saved.id)).json<AudienceHistory>().points.length;
    t.clock.advance(DAY);
    const run = await scheduled(2).recordDue();
    expect(run.pruned).toBeGreaterThan(0);
    const after = (await history(saved.id, alice, '?days=3660')).json<AudienceHistory>().points;
    expect(after.length).toBeLessThan(before + 1);
    const oldest = dayOf(new Date(t.clock.now().getTime() - 2 * DAY));
    expect(after.every((p) => p.day >= oldest)).toBe(true);
  });

  it('a point recorded before the compact digest is served as it was stored', async () => {
    const [last] = (await history(saved.id)).json<AudienceHistory>().points.slice(-1);
    // The object form, as points were stored before history-digest.ts.
    await t.db.insert(audiencePoints).values({
      configId: saved.id,
      day: '2020-01-01',
      measured: new Date('2020-01-01T12:00:00Z'),
      sampleCount: 1,
      size: last!.size,
      digest: last!.digest,
    });
    const points = (await history(saved.id, alice, '?days=3660')).json<AudienceHistory>().points;
    expect(points[0]).toMatchObject({ day: '2020-01-01', digest: last!.digest });
    const res = await changes(saved.id, '2020-01-01', last!.day);
    expect(res.statusCode, res.body).toBe(200);
    // The same digest on both sides: nothing moved.
    expect(res.json<AudienceChanges>()).toMatchObject({ from: { day: '2020-01-01' }, moved: [] });
  });

  it('a point is written with its followed accounts and membership or not at all', async () => {
    const repo = createHistoryRepository(t.db);
    const day = dayOf(new Date(t.clock.now().getTime() + DAY));
    const [last] = (await history(saved.id)).json<AudienceHistory>().points.slice(-1);
    const point = {
      configId: saved.id,
      day,
      measured: t.clock.now(),
      sampleCount: 1,
      size: last!.size,
      digest: last!.digest,
    };
    // A membership row that cannot be written (its audience does not exist) undoes the point.
    const nobody = saved.id + 1_000_000;
    await expect(
      repo.record(point, {
        membership: { change: { configId: nobody, day, members: 0 } },
      }),
    ).rejects.toThrow();
    expect(await repo.list(saved.id, day)).toEqual([]);
    // So does a followed list that cannot be written.
    const ids = new Uint8Array([1, 0]);
    await expect(
      repo.record(point, { followed: { configId: nobody, day, members: 1, floor: 1, ids } }),
    ).rejects.toThrow();
    expect(await repo.list(saved.id, day)).toEqual([]);
    // Written whole: the point with its followed accounts and membership, then a second of the same
    // day is not, nor what goes with it (the first counts).
    const change = { configId: saved.id, day, members: 0, ids };
    const written = await repo.record(point, {
      followed: { configId: saved.id, day, members: 1, floor: 1, ids },
      membership: { change },
    });
    expect(written?.day).toBe(day);
    const members = createMembershipRepository(t.db);
    expect(await members.ofPoint(written!.id)).toMatchObject({ configId: saved.id, day, members: 0 });
    expect(await members.onDay(saved.id, day)).toMatchObject({ day, members: 0, ids });
    expect(await repo.followedOf(saved.id)).toMatchObject({ day, members: 1, floor: 1 });
    const again = { configId: saved.id, day, members: 9 };
    expect(
      await repo.record(point, {
        followed: { configId: saved.id, day, members: 9, floor: 9, ids },
        membership: { change: { ...again, ids } },
      }),
    ).toBeUndefined();
    expect(await members.onDay(saved.id, day)).toMatchObject({ day, members: 0, ids });
    expect(await repo.followedOf(saved.id)).toMatchObject({ members: 1, floor: 1 });
    expect((await repo.list(saved.id, day)).map((p) => p.day)).toEqual([day]);
  });

  it('what a point reads before it, in one statement, is what the separate reads give', async () => {
    const repo = createHistoryRepository(t.db);
    const members = createMembershipRepository(t.db);
    for (const day of [dayOf(t.clock.now()), '2020-01-01', '2019-01-01']) {
      const prior = await repo.priorOf(saved.id, day);
      expect(prior.previous).toEqual(await repo.atOrBefore(saved.id, day));
      expect(prior.followed).toEqual(await repo.followedOf(saved.id));
      expect(prior.membershipDay).toBe(await members.latestDay(saved.id));
    }
    expect(await repo.priorOf(saved.id + 1_000_000, '2030-01-01')).toEqual({
      followed: undefined,
      previous: undefined,
      membershipDay: null,
    });
  });
});

describe('a scheduled run’s batch', () => {
  const membership = () =>
    createMembershipService({ repo: createMembershipRepository(t.db), engine: readyEngine(engine) });
  /** The scheduled run with memberships, noting the points whose alert rules it had evaluated. */
  const run = (
    members: ReturnType<typeof membership>,
    evaluated: number[],
    repo = createHistoryRepository(t.db),
  ) =>
    createHistoryService({
      repo,
      configs: { readableRow: () => Promise.reject(new Error('the scheduled run reads no caller')) },
      engine: readyEngine(engine),
      clock: t.clock,
      retentionDays: 400,
      membership: members,
      onPoints: (points) => Promise.resolve(void evaluated.push(...points.map((p) => p.current.id))),
    });
  const engineSet = (input: typeof speakers) =>
    engine
      .describeAccounts(engine.evaluate(pkg(input)).accounts.toArray())
      .map((a) => a.id)
      .sort();

  it('is written whole or not at all; a re-run, or two at once, record each point once', async () => {
    const japan = await kit.createConfig(alice, {
      name: 'In Japan',
      kind: 'saved_list',
      targeting_package: inJapan,
    });
    const gone = await kit.createConfig(alice, {
      name: 'Deleted',
      kind: 'saved_list',
      targeting_package: speakers,
    });
    // After the days the tests above recorded points for.
    t.clock.advance(2 * DAY);
    const day = dayOf(t.clock.now());
    const repo = createHistoryRepository(t.db);
    const members = membership();
    const evaluated: number[] = [];
    // An audience deleted while the run measures it: the batch's write fails, and no audience of the
    // batch has a point, a membership or an evaluation that day.
    const deleting = {
      ...repo,
      due: async (d: string, limit: number) => {
        const due = await repo.due(d, limit);
        await t.db.delete(audienceConfigs).where(eq(audienceConfigs.id, gone.id));
        return due;
      },
    };
    await expect(run(members, evaluated, deleting).recordDue()).rejects.toThrow();
    for (const id of [saved.id, japan.id]) {
      expect(await repo.list(id, day)).toEqual([]);
      expect(await createMembershipRepository(t.db).onDay(id, day)).toBeUndefined();
    }
    expect(evaluated).toEqual([]);
    // The next run records both, once, although two run at once; the rules of a point are evaluated
    // once (the audience with a point before it).
    const [one, two] = await Promise.all([
      run(members, evaluated).recordDue(),
      run(membership(), evaluated).recordDue(),
    ]);
    expect(one.recorded + two.recorded).toBe(2);
    expect(one.failed + two.failed).toBe(0);
    expect((await run(members, evaluated).recordDue()).recorded).toBe(0);
    const points = [...(await repo.list(saved.id, day)), ...(await repo.list(japan.id, day))];
    expect(points.map((p) => [p.configId, p.day])).toEqual([
      [saved.id, day],
      [japan.id, day],
    ]);
    expect(evaluated).toEqual([points[0]!.id]);
    // Each point's members are the engine's set.
    expect(await members.membersOn(saved.id, day)).toEqual({ ids: engineSet(speakers).sort(byNumber) });
    expect(await members.membersOn(japan.id, day)).toEqual({ ids: engineSet(inJapan).sort(byNumber) });
    expect(points[1]!.sampleCount).toBe(engine.estimate(pkg(inJapan)).sampleCount);
  });

  it('the schedule records every audience’s point of the day in one run, batch after batch, once each', async () => {
    const added = [];
    for (let i = 0; i < 7; i++) {
      added.push(
        await kit.createConfig(alice, {
          name: `Speakers ${i}`,
          kind: 'saved_list',
          targeting_package: i % 2 === 0 ? speakers : inJapan,
        }),
      );
    }
    // An audience the engine refuses is tried once a run and does not hold the others back.
    const refused = await kit.createConfig(alice, {
      name: 'Refused',
      kind: 'saved_list',
      targeting_package: speakers,
    });
    await t.db
      .update(audienceConfigs)
      .set({ targetingPackage: {} as never })
      .where(eq(audienceConfigs.id, refused.id));
    t.clock.advance(DAY);
    const day = dayOf(t.clock.now());
    const repo = createHistoryRepository(t.db);
    const all = await t.db.select({ id: audienceConfigs.id }).from(audienceConfigs);
    const evaluated: number[] = [];
    // Batches of 3 (the refused one among them): two runs at once share the day's audiences.
    const [one, two] = await Promise.all([
      run(membership(), evaluated).recordAllDue(3),
      run(membership(), evaluated).recordAllDue(3),
    ]);
    expect(one.recorded + two.recorded).toBe(all.length - 1);
    expect(one.failed).toBe(1);
    // The next run of the day finds nothing left but the refused audience.
    expect(await run(membership(), evaluated).recordAllDue(3)).toMatchObject({ recorded: 0, failed: 1 });
    const points = await t.db.select().from(audiencePoints).where(eq(audiencePoints.day, day));
    expect(points.map((p) => p.configId).sort((a, b) => a - b)).toEqual(
      all
        .map((c) => c.id)
        .filter((id) => id !== refused.id)
        .sort((a, b) => a - b),
    );
    for (const a of added) expect((await repo.list(a.id, day)).length).toBe(1);
    // The rules of each point with a point before it were evaluated once.
    expect(new Set(evaluated).size).toBe(evaluated.length);
  });
});

describe('panel changes', () => {
  const digest = (members: number, jp: number, complete = true) => ({
    members,
    fields: {
      country: {
        values: [
          { value: 'US', label: 'United States', count: members - jp },
          { value: 'JP', label: 'Japan', count: jp },
        ].filter((v) => v.count > 0),
        complete,
      },
      language: { values: [], complete: true },
      gender: { values: [], complete: true },
      ageBand: { values: [], complete: true },
      device: { values: [], complete: true },
    },
  });

  it('noise is not a change; a real shift is, with its size', () => {
    expect(panelChanges(digest(1000, 100), digest(1000, 104)).changes).toEqual([]);
    const { changes: moved } = panelChanges(digest(1000, 100), digest(1000, 200));
    expect(moved.map((c) => c.value).sort()).toEqual(['JP', 'US']);
    expect(moved.find((c) => c.value === 'JP')!.difference).toBeCloseTo(0.1, 10);
  });

  it('a value below the minimum support is never called a change', () => {
    expect(panelChanges(digest(20, 0), digest(20, 4)).changes.filter((c) => c.value === 'JP')).toEqual([]);
  });

  it('a value missing from an incomplete list is compared at the list’s bound, and only in its favour', () => {
    // The bound (the smallest count kept, 1000) is above the other side: nothing can be said.
    expect(
      panelChanges(digest(1000, 100), digest(1000, 0, false)).changes.find((c) => c.value === 'JP'),
    ).toBeUndefined();
    // The bound (30) is well below the other side (300): Japan fell by at least 270 accounts.
    const before = digest(1000, 300);
    const after = {
      ...digest(1000, 0),
      fields: {
        ...digest(1000, 0).fields,
        country: {
          values: [
            { value: 'US', label: 'United States', count: 970 },
            { value: 'GB', label: 'United Kingdom', count: 30 },
          ],
          complete: false,
        },
      },
    };
    const jp = panelChanges(before, after).changes.find((c) => c.value === 'JP');
    expect(jp).toMatchObject({ from: { count: 300, at_most: false }, to: { count: 30, at_most: true } });
    expect(jp!.difference).toBeCloseTo(-0.27, 10);
  });
});
