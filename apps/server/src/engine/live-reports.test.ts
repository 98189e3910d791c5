import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@murmur/core/live';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { buildIndex, LIVE_BUILD_OPTIONS, liveEngine, type LiveAudienceEngine } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { buildEngineInBackground } from './engine-holder';
import { engineTasks } from './engine-tasks';
import { LIVE_REPORTS_NICE, startLiveReports, type LiveReports } from './live-reports';

// docs/LIVE.md "Insights while ingesting", step 2: a live engine's reports in a thread holding its
// own copy, fed the same batches in the same order; a report reads the batches handed to the engine
// before it was asked, and equals the report computed at once on that version.

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const strip = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'ms' ? undefined : v))) as unknown;
const pkg = (p: object) => targetingPackageSchema.parse(p);
const PACKAGES: TargetingPackage[] = [
  pkg({ languages: [{ label: 'English' }, { label: 'Japanese' }] }),
  pkg({ keywords: [{ label: 'jazz' }, { label: 'coffee' }] }),
];

async function threadUp(reports: LiveReports): Promise<void> {
  while (!reports.thread()) await tick();
  await reports.ready();
}

/**
 * Every kind of live event over a network's accounts and posts, in turn (new and changed accounts,
 * posts, replies, reposts, likes, follows, unfollows, post deletes, compliance and restores), some
 * naming accounts or posts the index has not seen, some replayed.
 */
function everyKind(accountIds: string[], postIds: string[], count: number): LiveEvent[] {
  let state = 17;
  const rand = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const words = ['coffee', 'jazz', 'rocket', 'climate', 'manga', 'ramen'];
  const text = () => words.filter(() => rand() < 0.4).join(' ');
  const person = (id: string) => ({
    ...{
      id,
      handle: `h${id}`,
      name: `N ${id}`,
      bio: text(),
      location: pick(['Japan', 'California, US', '']),
    },
    ...{ created: '2020-01-01T00:00:00Z', protected: false, verified: rand() < 0.2 },
    ...{ followers: 0, following: 0, posts: 0 },
  });
  const post = (i: number, replyTo: string | null, repostOf: string | null): LiveEvent => {
    const id = String(7e9 + i);
    postIds.push(id);
    return {
      type: 'post',
      key: `post:${id}`,
      at: i,
      post: {
        ...{ id, author: pick(accountIds), created: '2026-07-01T00:00:00Z', lang: pick(['en', 'ja']) },
        ...{ text: text(), hashtags: rand() < 0.3 ? ['Jazz'] : [], mentions: [], replyTo, repostOf },
        quoteOf: null,
      },
    };
  };
  const removed: string[] = [];
  const kinds: ((i: number) => LiveEvent)[] = [
    (i) => {
      const id = String(8e8 + i);
      accountIds.push(id);
      return { type: 'user', key: `user:${id}`, at: i, user: person(id) };
    },
    (i) => ({ type: 'user', key: `user:${i}`, at: i, user: person(pick(accountIds)) }),
    (i) => post(i, null, null),
    (i) => post(i, pick(postIds), null),
    (i) => post(i, null, pick(postIds)),
    (i) => ({
      type: 'like',
      key: `like:${i}`,
      at: i,
      user: pick(accountIds),
      post: pick(postIds),
      author: '',
    }),
    (i) => ({ type: 'follow', key: `fo:${i}`, at: i, from: pick(accountIds), to: pick(accountIds) }),
    (i) => ({ type: 'unfollow', key: `un:${i}`, at: i, from: pick(accountIds), to: pick(accountIds) }),
    (i) => ({ type: 'post-delete', key: `pd:${i}`, at: i, post: pick(postIds), author: '' }),
    (i) => {
      const user = pick(accountIds);
      removed.push(user);
      return {
        type: pick(['user-delete', 'user-suspend', 'user-protect'] as const),
        key: `c:${i}`,
        at: i,
        user,
      };
    },
    (i) => ({ type: 'user-restore', key: `r:${i}`, at: i, user: pick([...removed, '1']) }),
    (i) => ({ type: 'like', key: `like:${i}`, at: i, user: '77777', post: '1', author: '' }),
  ];
  const events: LiveEvent[] = [];
  for (let i = 0; i < count; i++) {
    const event = kinds[i % kinds.length]!(i);
    events.push(event);
    if (rand() < 0.05) events.push(event); // a replay
  }
  return events;
}

/** A network, two engines over it (the one served and a reference), and batches of every event kind. */
async function fixture(seed: string) {
  const network = generateNetwork({ accounts: 400, seed });
  const options = { headroom: 16, compactBytes: 6_000 };
  const main = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS), options);
  const reference = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS), options);
  const { posts } = main.index;
  const accountIds = main
    .describeAccounts(Array.from({ length: main.stats.accounts }, (_, n) => n))
    .map((a) => a.id)
    .filter((id) => id !== '');
  const postIds = Array.from({ length: posts.count }, (_, p) => posts.ids.get(p));
  const events = everyKind(accountIds, postIds, 2_400);
  const batches: LiveEvent[][] = [];
  for (let i = 0; i < events.length; i += 40) batches.push(events.slice(i, i + 40));
  return { main, reference, batches };
}

/** The insights task at once on the reference engine, as it is now. */
function referenceAt(reference: LiveAudienceEngine, p: TargetingPackage) {
  return strip(engineTasks.insights(reference, { pkg: p }, () => undefined));
}

// Heavy on a busy machine (tens of reports over 2 400 events): a longer timeout, no timing asserted.
describe('a live engine’s reports in a thread of their own', { timeout: 120_000 }, () => {
  it('answers on the version its request pinned while batches of every kind apply, as computeInsights does, and stops when aborted', async () => {
    const { main, reference, batches } = await fixture('live-reports-1');
    const reports = startLiveReports(main, { sliceMs: 0 });
    try {
      await reports.ready();
      const asked: { at: number; p: TargetingPackage; report: Promise<unknown> }[] = [];
      for (let b = 0; b < batches.length; b++) {
        // The batch goes to the thread at once; the report asked while this thread applies it in
        // chunks reads it whole.
        const applying = reports.engine.applyInSlices(batches[b]!, { '0': b + 1 }, { sliceMs: 0 });
        if (b % 12 === 3) {
          const p = PACKAGES[asked.length % PACKAGES.length]!;
          asked.push({ at: b + 1, p, report: reports.work.run('insights', { pkg: p }) });
        }
        await applying;
      }
      expect(main.position()).toEqual({ '0': batches.length });
      const stats = main.liveStats();
      expect(stats.applied).toBeGreaterThan(stats.skipped + stats.deferred);
      expect(asked.length).toBeGreaterThan(3);
      let applied = 0;
      const latest = PACKAGES.map((p) => strip(engineTasks.insights(main, { pkg: p }, () => undefined)));
      let differs = 0;
      for (const { at, p, report } of asked) {
        while (applied < at) reference.apply(batches[applied]!, { '0': ++applied });
        const want = referenceAt(reference, p);
        expect(strip(await report)).toEqual(want);
        if (JSON.stringify(want) !== JSON.stringify(latest[PACKAGES.indexOf(p)])) differs++;
      }
      // The batches changed the reports: each one read its own version, not the latest.
      expect(differs).toBeGreaterThan(1);
      // Every other task runs there too, on the same version as this engine once it is idle.
      const pair = { a: { pkg: PACKAGES[0]! }, b: { pkg: PACKAGES[1]! } };
      expect(strip(await reports.work.run('compare', pair))).toEqual(
        strip(engineTasks.compare(main, pair, () => undefined)),
      );
      const { threadId, live } = await reports.work.run('thread', null);
      expect(threadId).toBe(reports.thread()!.threadId);
      // The thread folded nothing itself: it adopted the compactions of this engine (shared memory).
      expect(main.liveStats().compactions).toBeGreaterThan(2);
      expect(live!.foldsFollowed).toBeGreaterThan(1);
      expect(live!.compactions).toBe(live!.foldsFollowed);
      // The thread runs below the main thread's priority (Linux: its own nice value), the process not.
      if (process.platform === 'linux') {
        expect(getPriority(reports.tid)).toBe(LIVE_REPORTS_NICE);
        expect(reports.setNice(3)).toBe(true);
        expect(reports.nice).toBe(3);
        expect(getPriority(reports.tid)).toBe(3);
        expect(getPriority()).toBe(0);
      }
      // An aborted report stops (the thread answers it with its abort), and the next is right.
      const aborted = new AbortController();
      const report = reports.work.run('insights', { pkg: PACKAGES[0]! }, { signal: aborted.signal });
      aborted.abort();
      await expect(report).rejects.toThrow(/abort/i);
      const after = await reports.work.run('insights', { pkg: PACKAGES[0]! });
      expect(strip(after)).toEqual(strip(engineTasks.insights(main, { pkg: PACKAGES[0]! }, () => undefined)));
      expect(reports.stoppedOnAbort).toBe(1);
    } finally {
      await reports.work.close();
    }
  });

  it('holds the batches that arrive while a report runs: the report answers first, on its version, and a task asked after them reads them', async () => {
    const { main, reference, batches } = await fixture('live-reports-held');
    const reports = startLiveReports(main, { sliceMs: 0 });
    try {
      await reports.ready();
      for (const b of batches.slice(0, 10)) await reports.engine.applyInSlices(b);
      for (const b of batches.slice(0, 10)) reference.apply(b);
      const want = referenceAt(reference, PACKAGES[0]!);
      const answered: string[] = [];
      const report = reports.work.run('insights', { pkg: PACKAGES[0]! }).then((r) => {
        answered.push('report');
        return r;
      });
      // Batches and a quick task arrive while the report runs in slices (one step a slice).
      for (const b of batches.slice(10, 30)) await reports.engine.applyInSlices(b, undefined, { sliceMs: 0 });
      const pair = { a: { pkg: PACKAGES[0]! }, b: { pkg: PACKAGES[1]! } };
      const compared = reports.work.run('compare', pair).then((r) => {
        answered.push('compare');
        return r;
      });
      const aborted = new AbortController();
      const dropped = reports.work.run('insights', { pkg: PACKAGES[1]! }, { signal: aborted.signal });
      aborted.abort();
      await expect(dropped).rejects.toThrow(/abort/i);
      expect(strip(await report)).toEqual(want);
      // The quick task waited for the report and the batches before it, then read them all.
      expect(strip(await compared)).toEqual(strip(engineTasks.compare(main, pair, () => undefined)));
      expect(answered).toEqual(['report', 'compare']);
      for (const b of batches.slice(10, 30)) reference.apply(b);
      expect(strip(await reports.work.run('insights', { pkg: PACKAGES[1]! }))).toEqual(
        referenceAt(reference, PACKAGES[1]!),
      );
      // The report asked and aborted before it started was dropped there, answered with its abort.
      while (reports.stoppedOnAbort < 1) await tick();
    } finally {
      await reports.work.close();
    }
  });

  it('fails the reports in flight when the thread dies, restarts it from the engine, and goes on equal', async () => {
    const { main, reference, batches } = await fixture('live-reports-2');
    const reports = startLiveReports(main, { sliceMs: 0 });
    try {
      await reports.ready();
      for (const b of batches.slice(0, 20)) await reports.engine.applyInSlices(b);
      // A custom audience registered on the engine reaches the thread, and its replacement.
      reports.engine.registerCustomAudience(
        'Buyers',
        Array.from({ length: 150 }, (_, n) => 2 * n),
      );
      const buyers = pkg({ custom_audiences: [{ name: 'Buyers' }] });
      const buyersNow = strip(engineTasks.insights(main, { pkg: buyers }, () => undefined));
      expect(strip(await reports.work.run('insights', { pkg: buyers }))).toEqual(buyersNow);
      const inFlight = reports.work.run('insights', { pkg: PACKAGES[0]! });
      await reports.thread()!.terminate();
      await expect(inFlight).rejects.toThrow(/live reports thread stopped .*restarting/);
      // Batches keep coming while it restarts: the new thread starts from the engine between two.
      for (const b of batches.slice(20, 40)) await reports.engine.applyInSlices(b);
      await threadUp(reports);
      for (const b of batches.slice(40)) await reports.engine.applyInSlices(b);
      expect(reports.restarts).toBe(1);
      for (const b of batches) reference.apply(b);
      for (const p of PACKAGES)
        expect(strip(await reports.work.run('insights', { pkg: p }))).toEqual(referenceAt(reference, p));
      const buyersLater = await reports.work.run('insights', { pkg: buyers });
      expect(buyersLater.estimate.sampleCount).toBe(main.estimate(buyers).sampleCount);
      expect(buyersLater.estimate.sampleCount).toBeGreaterThan(0);
    } finally {
      await reports.work.close();
    }
  });

  it('restarts from a copy made in bounded steps while batches keep arriving: none lost, the custom audiences registered meanwhile kept', async () => {
    const { main, reference, batches } = await fixture('live-reports-restart');
    // Small steps (512 words) and a step a slice (sliceMs 0): many turns of the loop for the copy.
    const reports = startLiveReports(main, { sliceMs: 0, shareStepWords: 512 });
    try {
      await reports.ready();
      const first = reports.lastStart!;
      expect(first).toMatchObject({ copied: true });
      for (const b of batches.slice(0, 20)) await reports.engine.applyInSlices(b);
      reports.engine.registerCustomAudience('Buyers', [1, 3, 5, 7, 9, 11]);
      const version = main.version;
      await reports.thread()!.terminate();
      // A batch a turn while the thread restarts; custom audiences change while its copy is made.
      let b = 20;
      while (reports.lastStart === first || !reports.lastStart!.copied) {
        const start = reports.lastStart;
        if (start !== first && start?.batches === 3) {
          reports.engine.registerCustomAudience(
            'Later',
            Array.from({ length: 40 }, (_, n) => 3 * n),
          );
          reports.engine.removeCustomAudience('Buyers');
        }
        await reports.engine.applyInSlices(batches[b++]!, { '0': b }, { sliceMs: 0 });
      }
      await threadUp(reports);
      for (const rest of batches.slice(b)) await reports.engine.applyInSlices(rest);
      const start = reports.lastStart!;
      expect(reports.restarts).toBe(1);
      // The main engine was not compacted for the copy (no blocking compact(): it went on from its version).
      expect(main.version).toBeGreaterThan(version);
      // The copy took many slices, the loop turning between them, each a bounded share of words
      // (one item may pass the step's 512: a posting, a row, a block of strings, under 512 here).
      expect(start.steps).toBeGreaterThan(50);
      expect(start.slices).toBeGreaterThanOrEqual(start.steps);
      expect(start.longestStepWords).toBeLessThanOrEqual(2 * 512);
      // Batches were applied here and sent to the thread while its copy was made …
      expect(start.batches).toBeGreaterThan(5);
      expect(b).toBeGreaterThan(20 + start.batches);
      // … and it applied each of them once, after its copy: its reports equal the reference's.
      for (const batch of batches) reference.apply(batch);
      for (const p of PACKAGES)
        expect(strip(await reports.work.run('insights', { pkg: p }))).toEqual(referenceAt(reference, p));
      // The custom audiences as the main engine has them: one registered, one removed during the copy.
      for (const name of ['Later', 'Buyers']) {
        const p = pkg({ custom_audiences: [{ name }] });
        const want = engineTasks.insights(main, { pkg: p }, () => undefined);
        expect(want.estimate.sampleCount > 0).toBe(name === 'Later');
        expect(strip(await reports.work.run('insights', { pkg: p }))).toEqual(strip(want));
      }
    } finally {
      await reports.work.close();
    }
  });

  it('stops a copy when closed during a restart, and releases the version it held', async () => {
    const { main, batches } = await fixture('live-reports-close');
    const reports = startLiveReports(main, { sliceMs: 0, shareStepWords: 256 });
    await reports.ready();
    for (const b of batches.slice(0, 10)) await reports.engine.applyInSlices(b);
    const first = reports.lastStart;
    await reports.thread()!.terminate();
    // No batch meanwhile: the copy holds the version current now.
    while (reports.lastStart === first) await tick();
    const { accounts, posts } = main.index;
    const held = [accounts.followers, accounts.following, accounts.posts, posts.likes].map(
      (a) => [a, a.slice()] as const,
    );
    for (let i = 0; i < 5; i++) await tick();
    expect(reports.lastStart).toMatchObject({ copied: false });
    await reports.work.close();
    await reports.ready();
    for (let i = 0; i < 5; i++) await tick();
    expect(reports.thread()).toBeUndefined();
    expect(reports.lastStart).toMatchObject({ copied: false });
    // Released: the second batch after the version writes its arrays in place again.
    for (const b of batches.slice(10, 16)) main.apply(b);
    expect(held.some(([a, was]) => a.some((x, i) => x !== was[i]))).toBe(true);
  });

  it('is what the holder gives a live engine when it has workers', async () => {
    const network = generateNetwork({ accounts: 600, seed: 'live-reports-holder' });
    const holder = buildEngineInBackground({ live: true, source: exportChunks(network), workers: 1 });
    try {
      const engine = await holder.ready();
      expect(holder.status()).toMatchObject({ state: 'ready', workers: 1 });
      const { threadId } = await holder.work().run('thread', null);
      expect(threadId).not.toBe(0);
      expect(strip(await holder.work().run('insights', { pkg: PACKAGES[0]! }))).toEqual(
        strip(engineTasks.insights(engine, { pkg: PACKAGES[0]! }, () => undefined)),
      );
    } finally {
      await holder.close();
    }
  });
});
