import type { LiveEvent } from '@murmur/core/live';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../ingest/build-index';
import type { AudienceIndex } from '../postings/audience-index';
import { CATEGORICAL_FIELDS } from '../postings/fields';
import { FIXTURE_CATALOGUES } from '../testing/fixture-catalogues';
import { baseModel, build, randomEvents } from '../testing/live-model';
import { pkg } from '../testing/network-a';
import { seededRandom } from '../testing/random';
import { LIVE_BUILD_OPTIONS, liveEngine, type LiveAudienceEngine } from './live-engine';

// docs/LIVE.md "Insights while ingesting": a report in slices reads the version pinned when it
// started, while batches publish later ones between its slices, and equals the report computed at
// once on that version.

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const strip = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'ms' ? undefined : v))) as unknown;

/** Copies of every array batches double-buffer (pin.ts), by name. */
function buffered(index: AudienceIndex): Record<string, number[]> {
  const { accounts, posts } = index;
  return {
    ...Object.fromEntries(CATEGORICAL_FIELDS.map((f) => [f, [...index.columns[f]]])),
    followers: [...accounts.followers],
    following: [...accounts.following],
    posts: [...accounts.posts],
    flags: [...accounts.flags],
    slot: [...accounts.slot],
    sampleKey: [...accounts.sampleKey],
    present: [...index.present],
    author: [...posts.author],
    likes: [...posts.likes],
    reposts: [...posts.reposts],
    replies: [...posts.replies],
    byEngagement: [...posts.byEngagement],
  };
}

/**
 * A synthetic network large enough for several blocks per pass (BLOCK members), and a stream of
 * posts, likes, follows and unfollows over it.
 */
async function largeEngine(accounts: number) {
  const rand = seededRandom(3);
  const words = Array.from({ length: 300 }, (_, i) => `w${i}x`);
  const word = () => words[Math.floor(rand() * words.length)]!;
  const langs = ['en', 'en', 'en', 'ja'];
  function* records() {
    yield { format: 'murmur-sandbox-export', version: 1, seed: 't', accounts, scale: 1 };
    yield* FIXTURE_CATALOGUES;
    for (let n = 0; n < accounts; n++)
      yield {
        type: 'account',
        n,
        id: String(1e7 + n),
        handle: `u${n}`,
        name: 'x',
        bio: `${word()} ${word()}`,
        country: n % 3 ? 'US' : 'JP',
        lang: langs[n % langs.length],
        device: n % 2 ? 'ios' : 'android',
        verified: n % 17 === 0,
        interests: [n % 3 ? '20005' : '20006'],
      };
    for (let n = 0; n < accounts; n++)
      yield { type: 'following', n, to: Array.from({ length: 8 }, () => Math.floor(rand() * accounts)) };
    for (let p = 0; p < accounts; p++)
      yield {
        type: 'post',
        n: p,
        id: String(1e9 + p),
        author: Math.floor(rand() * accounts),
        text: `${word()} ${word()}`,
        hashtags: [],
        likes: 0,
        reposts: 0,
        replies: 0,
        likedBy: [],
        repostedBy: [],
      };
  }
  const engine = liveEngine(await buildIndex(records(), LIVE_BUILD_OPTIONS));
  const account = () => String(1e7 + Math.floor(rand() * accounts));
  let next = 0;
  const event = (): LiveEvent => {
    const i = next++;
    const r = rand();
    if (r < 0.3) {
      const id = String(5e9 + i);
      return {
        type: 'post',
        key: `post:${id}`,
        at: i,
        post: {
          ...{ id, author: account(), created: '', lang: langs[i % langs.length]!, text: `${word()} live` },
          ...{ hashtags: ['tag'], mentions: [], replyTo: null, repostOf: null, quoteOf: null },
        },
      };
    }
    if (r < 0.65) {
      const user = account();
      const post = String(1e9 + Math.floor(rand() * accounts));
      return { type: 'like', key: `like:${user}:${post}`, at: i, user, post, author: '' };
    }
    const type = r < 0.9 ? 'follow' : 'unfollow';
    return { type, key: `${type}:${i}`, at: i, from: account(), to: account() };
  };
  const batch = (size: number) => Array.from({ length: size }, event);
  return { engine, batch };
}

/** A report in slices with a batch applied at every pause; the batches applied meanwhile. */
async function reportWhileIngesting(
  engine: LiveAudienceEngine,
  audience: ReturnType<LiveAudienceEngine['evaluate']>,
  batches: () => LiveEvent[] | undefined,
) {
  let applied = 0;
  const report = await engine.insightsInSlices(audience, undefined, undefined, {
    sliceMs: 0,
    pause: async () => {
      const events = batches();
      if (events) {
        engine.apply(events);
        applied++;
      }
      await tick();
    },
  });
  return { report, applied };
}

describe('insights in slices on a live engine', () => {
  it('keeps a pinned version’s double-buffered arrays and engagement order while later batches publish', async () => {
    const rand = seededRandom(21);
    const m = baseModel(rand, 80, 120);
    const engine = liveEngine(await build(m), { headroom: 16 });
    const events = randomEvents(m, rand, 600);
    const batches: LiveEvent[][] = [];
    for (let i = 0; i < events.length; i += 25) batches.push(events.slice(i, i + 25));
    // Buffers in use (each array has a spare) before the pin.
    for (const b of batches.splice(0, 4)) engine.apply(b);
    const pinned = engine.pin();
    const want = buffered(pinned.index);
    // The next version, not pinned: batch k + 2 writes into its arrays (README "Live updates").
    engine.apply(batches.shift()!);
    const unpinned = engine.index;
    const { byEngagement: _order, ...unpinnedWas } = buffered(unpinned);
    for (const b of batches.splice(0, 12)) engine.apply(b);
    expect(engine.version).toBeGreaterThan(pinned.version + 2);
    expect(buffered(pinned.index)).toEqual(want);
    const { byEngagement: _now, ...unpinnedNow } = buffered(unpinned);
    expect(unpinnedNow).not.toEqual(unpinnedWas);
    pinned.release();
  });

  it('equals the report computed at once on the pinned version, with every kind of event applied between slices', async () => {
    const rand = seededRandom(22);
    const m = baseModel(rand, 120, 200);
    const engine = liveEngine(await build(m), { headroom: 16, compactBytes: 6_000 });
    const events = randomEvents(m, rand, 3_000);
    for (const b of [events.slice(0, 100), events.slice(100, 200)]) engine.apply(b);
    let at = 200;
    const batches = () => (at < events.length ? events.slice(at, (at += 10)) : undefined);
    for (const p of [
      pkg({ languages: [{ label: 'English' }, { label: 'Japanese' }] }),
      pkg({ keywords: [{ label: 'jazz' }, { label: 'coffee' }] }),
    ]) {
      const audience = engine.evaluate(p);
      const want = strip(engine.insights(audience));
      const version = engine.version;
      const { report, applied } = await reportWhileIngesting(engine, audience, batches);
      expect(applied).toBeGreaterThan(10);
      expect(engine.version).toBeGreaterThan(version + 10);
      expect(strip(report)).toEqual(want);
      // The batches changed what a report of the latest version shows.
      expect(strip(engine.insights(engine.evaluate(p)))).not.toEqual(want);
    }
    // Background compactions ran between the slices too.
    expect(engine.liveStats().compactions).toBeGreaterThan(0);
  });

  it('equals the report computed at once over several blocks of members per pass', async () => {
    const { engine, batch } = await largeEngine(30_000);
    engine.apply(batch(2_000));
    const audience = engine.evaluate(pkg({ languages: [{ label: 'English' }] }));
    expect(audience.sampleCount).toBeGreaterThan(2 * 8_192);
    const want = strip(engine.insights(audience));
    const { report, applied } = await reportWhileIngesting(engine, audience, () => batch(300));
    expect(applied).toBeGreaterThan(20);
    expect(strip(report)).toEqual(want);
    expect(strip(engine.insights(engine.evaluate(pkg({ languages: [{ label: 'English' }] }))))).not.toEqual(
      want,
    );
  });

  it('equals the report computed at once while batches apply in slices beside it', async () => {
    const { engine, batch } = await largeEngine(30_000);
    engine.apply(batch(1_000));
    const p = pkg({ languages: [{ label: 'English' }] });
    const audience = engine.evaluate(p);
    const want = strip(engine.insights(audience));
    const version = engine.version;
    let reporting = true;
    let chunks = 0;
    // The report pins the version it was evaluated on before the first chunk applies.
    const reported = engine.insightsInSlices(audience);
    const ingest = (async () => {
      while (reporting) await engine.applyInSlices(batch(200), undefined, { onChunk: () => chunks++ });
    })();
    const report = await reported;
    reporting = false;
    await ingest;
    expect(chunks).toBeGreaterThan(1);
    expect(engine.version).toBeGreaterThan(version + 1);
    expect(strip(report)).toEqual(want);
    expect(strip(engine.insights(engine.evaluate(p)))).not.toEqual(want);
  });

  it('answers an estimate while a report is in progress, the loop turning between its slices', async () => {
    const { engine, batch } = await largeEngine(30_000);
    engine.apply(batch(500));
    const p = pkg({ languages: [{ label: 'English' }] });
    const order: string[] = [];
    let slices = 0;
    let turns = 0;
    let reporting = true;
    const turning = (async () => {
      while (reporting) {
        turns++;
        await tick();
      }
    })();
    const report = engine
      .insightsInSlices(engine.evaluate(p), undefined, undefined, { sliceMs: 0, onSlice: () => slices++ })
      .then((r) => {
        reporting = false;
        order.push('report');
        return r;
      });
    const estimate = new Promise<number>((resolve) =>
      setImmediate(() => {
        order.push('estimate');
        resolve(engine.estimate(p).sampleCount);
      }),
    );
    const [r, count] = await Promise.all([report, estimate, turning]);
    expect(order).toEqual(['estimate', 'report']);
    expect(count).toBe(r.summary.sampleCount);
    expect(slices).toBeGreaterThan(50);
    // The loop turned between (about) every two slices: nothing held it for the whole report.
    expect(turns).toBeGreaterThan(slices / 2);
  });
});
