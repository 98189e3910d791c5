import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEvent, LiveUser } from '@murmur/core/live';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { consumeLive, MemoryLiveLog, type LiveLog } from '@murmur/engine-cluster';
import type { AudienceEngine, LiveAudienceEngine } from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import type { LiveConfig } from '../config';
import { buildEngineInBackground } from '../engine/engine-holder';
import { startServer } from '../main';
import { openLivePath, type LivePath } from './live-path';

/**
 * The live engine's snapshots in the server (docs/LIVE.md "Snapshots"): the live path writes one
 * with the stream position it has applied, a restarted engine holder loads it, and the consumer
 * replays only what came after; without an export or a snapshot the engine starts empty and fills
 * from the log.
 */

const config: LiveConfig = {
  enabled: true,
  natsUrl: undefined,
  mountedSandbox: false,
  collectorEnabled: false,
  streamUrl: 'http://127.0.0.1:1/2/',
  bearerToken: undefined,
  xPartitions: 1,
  partitions: 2,
  snapshotSeconds: 0,
  lagBudgetSeconds: 300,
};

const dirs: string[] = [];
const paths: LivePath[] = [];
afterEach(async () => {
  for (const p of paths.splice(0)) await p.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const pkg = (p: Record<string, unknown>): TargetingPackage => targetingPackageSchema.parse(p);

/** A log that outlives the live paths over it (a path closes its log; a restart keeps this one). */
function lasting(log: MemoryLiveLog): LiveLog {
  return {
    partitions: log.partitions,
    append: (events) => log.append(events),
    lastSequence: (p) => log.lastSequence(p),
    head: (p) => log.head(p),
    reader: (p, durable, after) => log.reader(p, durable, after),
    orderedReader: (durable, after) => log.orderedReader(durable, after),
    close: () => Promise.resolve(),
  };
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['coffee', 'jazz', 'rocket', 'climate', 'soccer', 'manga', 'ramen'];

function user(id: string, rand: () => number): LiveUser {
  return {
    id,
    handle: `live_${id}`,
    name: `Live ${id}`,
    bio: WORDS.filter(() => rand() < 0.3).join(' '),
    location: rand() < 0.5 ? 'Tokyo, Japan' : 'California, US',
    created: '2026-08-01T00:00:00.000Z',
    protected: false,
    verified: false,
    followers: 0,
    following: 0,
    posts: 0,
  };
}

/** New accounts, follows and unfollows, posts, likes, post deletes and a suspension over `ids`. */
function eventsOver(known: readonly string[], count: number, seed: number, tag: string): LiveEvent[] {
  const rand = seeded(seed);
  const ids = [...known];
  const posts: string[] = [];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const out: LiveEvent[] = [];
  for (let i = 0; i < count; i++) {
    const r = rand();
    const key = `${tag}:${i}`;
    if (r < 0.1 || ids.length < 2) {
      const u = user(`${tag}${i}`, rand);
      ids.push(u.id);
      out.push({ type: 'user', key: `user:${key}`, at: i, user: u });
    } else if (r < 0.35) {
      const id = `${seed}${String(i).padStart(6, '0')}`;
      posts.push(id);
      out.push({
        type: 'post',
        key: `post:${id}`,
        at: i,
        post: {
          id,
          author: pick(ids),
          created: '2026-08-01T00:00:00.000Z',
          lang: pick(['en', 'ja']),
          text: WORDS.filter(() => rand() < 0.4).join(' '),
          hashtags: rand() < 0.3 ? ['Jazz'] : [],
          mentions: [],
          replyTo: null,
          repostOf: null,
          quoteOf: null,
        },
      });
    } else if (r < 0.55 && posts.length > 0) {
      out.push({ type: 'like', key: `like:${key}`, at: i, user: pick(ids), post: pick(posts), author: '' });
    } else if (r < 0.9) {
      const type = rand() < 0.75 ? 'follow' : 'unfollow';
      out.push({ type, key: `${type}:${key}`, at: i, from: pick(ids), to: pick(ids) });
    } else if (r < 0.97 && posts.length > 0) {
      out.push({ type: 'post-delete', key: `post-delete:${key}`, at: i, post: pick(posts), author: '' });
    } else {
      out.push({ type: 'user-suspend', key: `user-suspend:${key}`, at: i, user: pick(ids) });
    }
  }
  return out;
}

/** Resolves once the engine has applied everything the log holds. */
async function caughtUp(log: LiveLog, engine: LiveAudienceEngine): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    const position = engine.position();
    let behind = false;
    for (let p = 0; p < log.partitions; p++)
      if ((position[String(p)] ?? 0) < (await log.lastSequence(p))) behind = true;
    if (!behind) return;
    if (Date.now() > until) throw new Error('the engine did not catch up with the log');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What estimates, lookups and insights say, by handle and label (account numbers may differ). */
function answers(engine: AudienceEngine, handles: readonly string[]): unknown {
  const mix = [
    pkg({ languages: [{ label: 'en' }] }),
    pkg({ languages: [{ label: 'ja' }] }),
    ...WORDS.map((w) => pkg({ keywords: [{ label: w }] })),
    pkg({ hashtags: [{ label: '#jazz' }] }),
    ...handles.map((h) => pkg({ handles: [{ handle: h }] })),
  ];
  const strip = (v: unknown) =>
    JSON.parse(
      JSON.stringify(v, (key, x: unknown) => (key === 'ms' || key === 'n' ? undefined : x)),
    ) as unknown;
  const everyone = pkg({ languages: [{ label: 'en' }, { label: 'ja' }] });
  const report = engine.insights(engine.evaluate(everyone));
  return {
    accounts: engine.stats.accounts,
    estimates: mix.map((p) => engine.estimate(p)),
    found: handles.map((h) => engine.findAccount(h) !== undefined),
    insights: strip({
      summary: report.summary,
      demographics: report.demographics,
      bioWords: report.bioWords,
    }),
  };
}

describe('live snapshots in the server', () => {
  it('restarts from its snapshot and replays only what came after: equal to a never-restarted engine', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'murmur-live-snapshots-'));
    dirs.push(dir);
    const file = join(dir, 'engine', 'live.snapshot');
    const network = generateNetwork({ accounts: 800, seed: 'live-snapshots' });
    const memory = new MemoryLiveLog(config.partitions);
    const log = lasting(memory);
    const first = buildEngineInBackground({ live: true, source: exportChunks(network) });
    const never = buildEngineInBackground({ live: true, source: exportChunks(network) });
    const base = await first.ready();
    const ids = base.describeAccounts(Array.from({ length: 200 }, (_, i) => i * 4)).map((a) => a.id);
    const events = eventsOver(ids, 1600, 7, 'n');
    const [before, after] = [events.slice(0, 900), events.slice(900)];

    // The never-restarted engine consumes the whole log as its own durable consumer.
    const whole = (await never.ready()) as LiveAudienceEngine;
    const wholeConsumer = await consumeLive({
      log,
      engine: {
        apply: (events, position) => void whole.apply(events, position),
        position: () => whole.position(),
      },
      durableName: 'never-restarted',
      waitMs: 20,
    });

    const path = await openLivePath(config, { log });
    paths.push(path);
    const snapshots = { file, source: 'live:test', everyMs: 0 };
    path.follow(first.ready(), (error) => expect.fail(String(error)), snapshots);
    await memory.append(before);
    const engine = (await first.ready()) as LiveAudienceEngine;
    await caughtUp(log, engine);
    const position = engine.position();
    expect(Object.keys(position).length).toBe(config.partitions);
    // Shutdown: the consumer stops, the last snapshot is written at the position applied.
    await path.close();
    paths.splice(paths.indexOf(path), 1);
    expect(existsSync(file)).toBe(true);

    // Events arrive while the engine is down.
    await memory.append(after.slice(0, 300));
    const restarted = buildEngineInBackground({
      live: true,
      source: exportChunks(network),
      liveSnapshot: { file, source: 'live:test', keepPosition: true },
    });
    const again = (await restarted.ready()) as LiveAudienceEngine;
    // It started from the snapshot, at its position, not from the export.
    expect(again.position()).toEqual(position);
    const path2 = await openLivePath(config, { log });
    paths.push(path2);
    path2.follow(restarted.ready(), (error) => expect.fail(String(error)), snapshots);
    await memory.append(after.slice(300));
    await caughtUp(log, again);
    await caughtUp(log, whole);
    await wholeConsumer.stop();
    // Only what came after the snapshot was replayed (each event counted once: applied, skipped or held).
    const stats = again.liveStats();
    expect(stats.applied + stats.skipped + stats.deferred).toBe(after.length);
    expect(again.position()).toEqual(whole.position());
    // Accounts of the export and accounts born in the stream, before and after the restart.
    const handles = [
      ...again.describeAccounts(Array.from({ length: 20 }, (_, i) => i * 37)).map((a) => a.handle),
      ...events.flatMap((e) => (e.type === 'user' ? [e.user.handle] : [])).filter((_, i) => i % 4 === 0),
    ];
    expect(handles.filter((h) => again.findAccount(h) !== undefined).length).toBeGreaterThan(30);
    expect(answers(again, handles)).toEqual(answers(whole, handles));
  }, 60_000);

  it('refuses a snapshot written for another base and starts from the export instead', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'murmur-live-snapshots-'));
    dirs.push(dir);
    const file = join(dir, 'live.snapshot');
    const network = generateNetwork({ accounts: 300, seed: 'live-snapshots-other' });
    const log = new MemoryLiveLog(1);
    const holder = buildEngineInBackground({ live: true, source: exportChunks(network) });
    const path = await openLivePath({ ...config, partitions: 1 }, { log });
    paths.push(path);
    path.follow(holder.ready(), (error) => expect.fail(String(error)), {
      file,
      source: 'live:a',
      everyMs: 0,
    });
    const engine = (await holder.ready()) as LiveAudienceEngine;
    await log.append(eventsOver([], 50, 3, 'o'));
    await caughtUp(log, engine);
    expect(await path.writeSnapshot()).toBeDefined();
    // Nothing new since: no second write.
    expect(await path.writeSnapshot()).toBeUndefined();
    const problems: string[] = [];
    const other = buildEngineInBackground({
      live: true,
      source: exportChunks(network),
      liveSnapshot: { file, source: 'live:b', keepPosition: true, onProblem: (m) => problems.push(m) },
    });
    const fresh = (await other.ready()) as LiveAudienceEngine;
    expect(problems.join()).toMatch(/live snapshot was refused/);
    expect(fresh.position()).toEqual({});
    expect(fresh.stats.accounts).toBe(300);
  }, 60_000);

  it('with an in-memory log, a snapshot from an earlier process starts at position 0 of the new log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'murmur-live-snapshots-'));
    dirs.push(dir);
    const file = join(dir, 'live.snapshot');
    const first = buildEngineInBackground({ live: true });
    const oldLog = new MemoryLiveLog(1);
    const path = await openLivePath({ ...config, partitions: 1 }, { log: oldLog });
    paths.push(path);
    path.follow(first.ready(), (error) => expect.fail(String(error)), { file, source: 'live:s', everyMs: 0 });
    const engine = (await first.ready()) as LiveAudienceEngine;
    await oldLog.append(eventsOver([], 300, 5, 'p'));
    await caughtUp(oldLog, engine);
    await path.close();
    paths.splice(paths.indexOf(path), 1);
    const accounts = engine.stats.accounts;
    // A new process: a new, empty log whose sequences start at 1 again.
    const restarted = buildEngineInBackground({
      live: true,
      liveSnapshot: { file, source: 'live:s', keepPosition: false },
    });
    const again = (await restarted.ready()) as LiveAudienceEngine;
    expect(again.position()).toEqual({});
    expect(again.stats.accounts).toBe(accounts);
    const newLog = new MemoryLiveLog(1);
    const path2 = await openLivePath({ ...config, partitions: 1 }, { log: newLog });
    paths.push(path2);
    path2.follow(restarted.ready(), (error) => expect.fail(String(error)));
    await newLog.append([{ type: 'user', key: 'user:late', at: 1, user: user('late1', seeded(1)) }]);
    await caughtUp(newLog, again);
    expect(again.findAccount('live_late1')).toBeDefined();
    expect(again.stats.accounts).toBe(accounts + 1);
  }, 60_000);

  it('without an export or a snapshot, starts empty and fills from the log', async () => {
    const holder = buildEngineInBackground({ live: true });
    const engine = (await holder.ready()) as LiveAudienceEngine;
    expect(engine.stats.accounts).toBe(0);
    const log = new MemoryLiveLog(2);
    const path = await openLivePath(config, { log });
    paths.push(path);
    path.follow(holder.ready(), (error) => expect.fail(String(error)));
    const events = eventsOver([], 600, 11, 'e');
    await log.append(events);
    await caughtUp(log, engine);
    const born = events.filter((e) => e.type === 'user').length;
    const suspended = new Set(events.flatMap((e) => (e.type === 'user-suspend' ? [e.user] : [])));
    expect(born).toBeGreaterThan(20);
    expect(engine.stats.accounts).toBe(born - suspended.size);
    expect(
      engine.estimate(pkg({ languages: [{ label: 'en' }, { label: 'ja' }] })).sampleCount,
    ).toBeGreaterThan(0);
  }, 60_000);

  it('in production without the sandbox, the server starts empty and fills from the streams', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'murmur-live-production-'));
    dirs.push(dir);
    const server = await startServer({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example.com:587',
        PRO_TARGETING_TOKEN: 'pro-token',
        DATA_DIR: dir,
        LIVE_ENABLED: 'true',
        LOG_LEVEL: 'error',
      },
      config: { port: 0, host: '127.0.0.1' },
    });
    try {
      expect(server.network).toBeUndefined();
      const engine = (await server.engine.ready()) as LiveAudienceEngine;
      expect(engine.stats.accounts).toBe(0);
      const events = eventsOver([], 200, 13, 'prod');
      await server.live!.deps.sink.append(events);
      await caughtUp(server.live!.log, engine);
      expect(engine.stats.accounts).toBeGreaterThan(10);
      const res = await fetch(`${server.url}/api/engine/status/`);
      expect(res.status).not.toBe(503);
    } finally {
      await server.close();
    }
    // Shut down: the snapshot a restart starts from was written.
    expect(existsSync(join(dir, 'engine', 'live.snapshot'))).toBe(true);
  }, 120_000);
});
