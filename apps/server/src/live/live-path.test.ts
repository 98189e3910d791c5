import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { AudienceEngine, LiveAudienceEngine } from '@murmur/engine';
import { deletePostNow, postContent, postId, removeAccountNow } from '@murmur/sandbox';
import { startServer, type RunningServer } from '../main';
import { engineFromExport, holdClock, liveMix, pkg } from '../test/live-exactness';

/**
 * The live path as `npm start` wires it (main.ts → live-path.ts): the mounted sandbox's streams →
 * collector → MemoryLiveLog → consumeLive → the live engine. After simulated time has passed, the
 * live index must answer as an index built from scratch from the sandbox's export at the same
 * instant (issue: live data, exactness; compared by handle / label, account numbers may differ).
 */
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'murmur-live-path-'));
  server = await startServer({
    env: {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SANDBOX_ACCOUNTS: '3000',
      SANDBOX_SEED: 'live-path',
      SANDBOX_ANCHOR: '2026-08-01T00:00:00Z',
      // A fast clock: 20 simulated minutes a second, so every kind of event streams.
      SANDBOX_CLOCK_SPEED: '1200',
      LOG_LEVEL: 'error',
    },
    config: { port: 0, host: '127.0.0.1' },
  });
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const live = async (): Promise<LiveAudienceEngine> => (await server.engine.ready()) as LiveAudienceEngine;

async function caughtUp(timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let quiet = 0;
  // Caught up: lag 0 on every partition, twice in a row with nothing new appended in between.
  let last = -1;
  while (Date.now() < until) {
    const consumer = server.live?.consumer();
    const lag = consumer ? await consumer.lag() : undefined;
    const top = lag ? lag.reduce((s, p) => s + p.last, 0) : -1;
    if (lag && lag.every((p) => p.behind === 0) && top === last) {
      if (++quiet >= 3) return;
    } else quiet = 0;
    last = top;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the live engine did not catch up');
}

/** The count panels of an insights report, without timings or account numbers. */
function countPanels(engine: AudienceEngine, p: TargetingPackage): unknown {
  const r = engine.insights(engine.evaluate(p));
  const strip = (v: unknown) =>
    JSON.parse(
      JSON.stringify(v, (key, x: unknown) => (key === 'ms' || key === 'n' ? undefined : x)),
    ) as unknown;
  return strip({
    summary: r.summary,
    demographics: r.demographics,
    ageGroups: r.ageGroups,
    interests: r.interests,
    locations: r.locations,
    bioWords: r.bioWords,
    jobTitles: r.jobTitles,
    devices: r.devices,
  });
}

describe('the live path (sandbox streams → collector → live log → live engine)', () => {
  it('follows the sandbox: after simulated hours it equals an index built from the export at that instant', async () => {
    const engine = await live();
    const net = server.network!;
    const startedAt = net.clock.now;
    // Simulated hours pass while the collector reads the streams.
    await new Promise((r) => setTimeout(r, 4000));
    // A post with hashtags is deleted meanwhile: its author's hashtags are those of the others.
    let tagged = net.posts.length - 1;
    while (net.posts.deleted.get(tagged) || postContent(net, tagged).hashtags.length === 0) tagged--;
    expect(deletePostNow(net, tagged)).toBe(true);
    await new Promise((r) => setTimeout(r, 4000));
    const release = holdClock(net);
    let fresh: LiveAudienceEngine;
    try {
      await caughtUp();
      fresh = await engineFromExport(server.url);
    } finally {
      release();
    }
    const stats = engine.liveStats();
    // What streamed: every kind the sandbox emitted in the window reached the log.
    const reader = await server.live!.log.reader(0, 'live-path-test', 0);
    const kinds = new Set((await reader.next(1_000_000, 10)).map((e) => e.event.type));
    await reader.close();
    for (const kind of ['user', 'post', 'like', 'follow', 'unfollow'] as const) expect(kinds).toContain(kind);
    expect(server.network!.clock.now - startedAt).toBeGreaterThan(3600);
    expect(stats.applied).toBeGreaterThan(50);
    const mix = liveMix(fresh);
    expect(mix.length).toBeGreaterThanOrEqual(25);
    const differ: string[] = [];
    for (const p of mix) {
      const want = fresh.estimate(p);
      const got = engine.estimate(p);
      if (JSON.stringify(got) !== JSON.stringify(want))
        differ.push(`${JSON.stringify(p)}: live ${JSON.stringify(got)} vs export ${JSON.stringify(want)}`);
    }
    expect(differ).toEqual([]);
    // Every hashtag either index holds: the same accounts posted it (the export's hashtags are the
    // ones X's entities carry in the streams, normalised alike).
    const hashtags = new Set(
      [fresh, engine].flatMap((e) => [...e.index.terms.entriesOf('hashtag')].map(([tag]) => tag)),
    );
    expect(hashtags.size).toBeGreaterThan(200);
    const tagsDiffer = [...hashtags].filter((tag) => {
      const p = pkg({ hashtags: [{ label: tag }] });
      return JSON.stringify(engine.estimate(p)) !== JSON.stringify(fresh.estimate(p));
    });
    expect(tagsDiffer).toEqual([]);
    const panels = pkg({ languages: [{ label: 'en' }] });
    expect(countPanels(engine, panels)).toEqual(countPanels(fresh, panels));
  }, 60_000);

  it('drops an account suspended on X (users compliance stream) from estimates, samples, member lists and the export within 5 s', async () => {
    const engine = await live();
    const net = server.network!;
    const everyone = pkg({ languages: [{ label: 'en' }, { label: 'ja' }, { label: 'es' }] });
    const [account] = engine
      .describeAccounts(Array.from({ length: 300 }, (_, i) => i * 7))
      .filter(
        (a) => a.followers >= 3 && engine.evaluate(everyone).accounts.has(engine.findAccount(a.handle)!),
      );
    expect(account).toBeDefined();
    const followersOf = pkg({ handles: [{ handle: account!.handle }] });
    expect(engine.estimate(followersOf).sampleCount).toBeGreaterThan(0);
    // What an upload sends X (uploads.service membersOf): the members' handles.
    const members = () =>
      engine.describeAccounts(engine.evaluate(everyone).accounts.toArray()).map((a) => a.handle);
    expect(members()).toContain(account!.handle);
    // Suspended in the sandbox: its users compliance stream says user_suspend → collector → log → engine.
    const u = net.accounts.ids.indexOf(BigInt(account!.id));
    expect(removeAccountNow(net, u, 'suspend')).toBe(true);
    const started = Date.now();
    while (engine.findAccount(account!.handle) !== undefined && Date.now() - started < 5000)
      await new Promise((r) => setTimeout(r, 50));
    expect(engine.findAccount(account!.handle)).toBeUndefined();
    expect(engine.estimate(followersOf).sampleCount).toBe(0);
    expect(engine.evaluate(followersOf).accounts.count).toBe(0);
    expect(members()).not.toContain(account!.handle);
    expect(engine.lookup('handles', account!.handle, 5).map((r) => r.value)).not.toContain(account!.handle);
    // The sandbox's export at this instant no longer carries it either.
    const res = await fetch(`${server.url}/sandbox/export`);
    expect(await res.text()).not.toContain(`"id":"${account!.id}"`);
  });

  it('drops a post deleted on X (posts compliance stream) from its author’s posts and the engagement counts within 5 s', async () => {
    const engine = await live();
    const net = server.network!;
    const index = () => engine.index;
    const row = (n: number) => {
      const c = index().postsByAuthor;
      return Array.from(c.data.subarray(c.offsets[n], c.offsets[n + 1]));
    };
    // A liked post of the sandbox the engine holds, by an account still on the network.
    let post = -1;
    let number = -1;
    for (let p = net.posts.length - 1; p >= 0 && post < 0; p--) {
      if (net.posts.deleted.get(p) || net.posts.likes.get(p) === 0) continue;
      const id = postId(net.posts, p);
      const ids = index().posts.ids;
      for (let k = 0; k < ids.size; k++)
        if (ids.get(k) === id) {
          [post, number] = [p, k];
          break;
        }
    }
    expect(post).toBeGreaterThanOrEqual(0);
    const author = index().posts.author[number]!;
    expect(row(author)).toContain(number);
    expect(deletePostNow(net, post)).toBe(true);
    const started = Date.now();
    while (row(author).includes(number) && Date.now() - started < 5000)
      await new Promise((r) => setTimeout(r, 50));
    expect(row(author)).not.toContain(number);
    expect(index().posts.likes[number]).toBe(0);
    expect([...index().posts.byEngagement]).not.toContain(number);
  });
});
